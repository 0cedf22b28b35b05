//! Money as a prize list counts it: whole hundredths of the currency's unit (cents, pesewas,
//! pence), never binary floating point. A currency without a minor unit (the CFA franc) counts in
//! whole units: its amounts are whole, and a share is never cut below a franc.
//!
//! In JSON an amount is a number of the currency's unit (`64.6`, `1240`), read exactly from its
//! decimal digits: `64.60` is 6,460 hundredths, never 6,459.999…; an amount with more than two
//! decimals is refused rather than rounded.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// An amount of money, in hundredths of the currency's unit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Money(i64);

/// The most a prize list may name: a thousand million of the currency's unit.
pub const MOST: Money = Money(100_000_000_000);

/// Why a text or a number is not an amount.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotAmount {
    #[error("not a number of the currency's unit")]
    NotANumber,
    #[error("more than two decimals")]
    TooPrecise,
    #[error("more than a thousand million")]
    TooLarge,
}

impl Money {
    pub const ZERO: Money = Money(0);

    pub const fn from_hundredths(hundredths: i64) -> Money {
        Money(hundredths)
    }

    /// An amount of whole units (`150` is 150.00).
    pub const fn units(units: i64) -> Money {
        Money(units * 100)
    }

    pub const fn hundredths(self) -> i64 {
        self.0
    }

    /// Whether it is a whole number of the currency's unit.
    pub fn is_whole(self) -> bool {
        self.0 % 100 == 0
    }

    /// An amount as people type it: `64.60`, `1,240` (a thousands separator), `64,6` or
    /// `1 240,50` (a decimal comma, as French writes it: a comma followed by one or two digits
    /// only), `GH₵ 50` without its currency is not read here. Spaces, no-break spaces and
    /// apostrophes group thousands.
    pub fn parse(text: &str) -> Result<Money, NotAmount> {
        let grouped: String = text
            .trim()
            .chars()
            .filter(|c| !matches!(c, ' ' | '\u{a0}' | '\u{202f}' | '\'' | '’'))
            .collect();
        let commas = grouped.matches(',').count();
        let decimal_comma = !grouped.contains('.')
            && commas == 1
            && grouped
                .rsplit_once(',')
                .is_some_and(|(_, tail)| (1..=2).contains(&tail.len()));
        let text = if decimal_comma {
            grouped.replace(',', ".")
        } else {
            grouped.replace(',', "")
        };
        Money::from_decimal(&text)
    }

    /// A plain decimal: digits, and at most two after a point.
    fn from_decimal(text: &str) -> Result<Money, NotAmount> {
        let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
        let digits = |s: &str| s.chars().all(|c| c.is_ascii_digit());
        if whole.is_empty() && fraction.is_empty() || !digits(whole) || !digits(fraction) {
            return Err(NotAmount::NotANumber);
        }
        let fraction = fraction.trim_end_matches('0');
        if fraction.len() > 2 {
            return Err(NotAmount::TooPrecise);
        }
        let whole = whole.trim_start_matches('0');
        if whole.len() > 10 {
            return Err(NotAmount::TooLarge);
        }
        let units: i64 = if whole.is_empty() {
            0
        } else {
            whole.parse().map_err(|_| NotAmount::NotANumber)?
        };
        let cents: i64 = format!("{fraction:0<2}")
            .parse()
            .map_err(|_| NotAmount::NotANumber)?;
        let money = Money(units * 100 + cents);
        if money > MOST {
            return Err(NotAmount::TooLarge);
        }
        Ok(money)
    }

    /// A JSON number read as its shortest decimal writing (`64.6` as written, never the binary
    /// fraction nearest to it).
    fn from_number(n: f64) -> Result<Money, NotAmount> {
        if !n.is_finite() || n < 0.0 {
            return Err(NotAmount::NotANumber);
        }
        // Rust writes a float as the shortest decimal that reads back as the same float: the
        // digits the sender wrote, for any amount of at most 15 significant digits.
        let text = format!("{n}");
        if text.contains('e') {
            return Err(if n >= 1.0 {
                NotAmount::TooLarge
            } else {
                NotAmount::TooPrecise
            });
        }
        Money::from_decimal(&text)
    }

    /// The amount as a plain decimal of the unit: `64.6`, `1240`, `0.05`.
    pub fn decimal(self, mark: &str) -> String {
        let sign = if self.0 < 0 { "-" } else { "" };
        let (units, cents) = (self.0.abs() / 100, self.0.abs() % 100);
        if cents == 0 {
            format!("{sign}{units}")
        } else {
            format!("{sign}{units}{mark}{cents:02}")
        }
    }

    /// `n` equal parts of `self`, to the `unit` (a number of hundredths: 1 for cents, 100 for a
    /// currency without them): the part, and how many units are left over for the first of the
    /// `n` to take one more each. `self` is a whole number of units.
    pub fn divide(self, n: usize, unit: i64) -> (Money, usize) {
        let units = self.0 / unit;
        let n = n.max(1) as i64;
        (Money(units / n * unit), (units % n) as usize)
    }
}

impl std::ops::Add for Money {
    type Output = Money;
    fn add(self, other: Money) -> Money {
        Money(self.0 + other.0)
    }
}

impl std::ops::AddAssign for Money {
    fn add_assign(&mut self, other: Money) {
        self.0 += other.0;
    }
}

impl std::ops::Sub for Money {
    type Output = Money;
    fn sub(self, other: Money) -> Money {
        Money(self.0 - other.0)
    }
}

impl std::ops::SubAssign for Money {
    fn sub_assign(&mut self, other: Money) {
        self.0 -= other.0;
    }
}

impl std::ops::Mul<i64> for Money {
    type Output = Money;
    fn mul(self, k: i64) -> Money {
        Money(self.0 * k)
    }
}

impl std::iter::Sum for Money {
    fn sum<I: Iterator<Item = Money>>(iter: I) -> Money {
        iter.fold(Money::ZERO, |a, b| a + b)
    }
}

impl fmt::Display for Money {
    /// With two decimals where it has cents: `64.60`, `1240`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_whole() {
            f.write_str(&self.decimal("."))
        } else {
            let sign = if self.0 < 0 { "-" } else { "" };
            write!(f, "{sign}{}.{:02}", self.0.abs() / 100, self.0.abs() % 100)
        }
    }
}

impl Serialize for Money {
    /// A number of the unit: an integer when whole (`1240`), else the decimal (`64.6`), whose
    /// shortest writing is the amount's own digits.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.is_whole() {
            s.serialize_i64(self.0 / 100)
        } else {
            s.serialize_f64(self.0 as f64 / 100.0)
        }
    }
}

impl<'de> Deserialize<'de> for Money {
    /// A number (`64.6`), or a text as people type it (`"64.60"`).
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Money, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = Money;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an amount of money of at most two decimals, from 0")
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Money, E> {
                i64::try_from(v)
                    .ok()
                    .and_then(|v| v.checked_mul(100))
                    .map(Money)
                    .filter(|m| *m <= MOST)
                    .ok_or_else(|| E::custom(NotAmount::TooLarge))
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Money, E> {
                if v < 0 {
                    return Err(E::custom("an amount below 0"));
                }
                self.visit_u64(v as u64)
            }
            fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<Money, E> {
                Money::from_number(v).map_err(E::custom)
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Money, E> {
                Money::parse(v).map_err(E::custom)
            }
        }
        d.deserialize_any(Visitor)
    }
}

/// Whether a currency counts in whole units, with no minor unit to divide into: the CFA francs
/// (`XOF`, `XAF`, `FCFA`, `F CFA`, "francs CFA"), and ISO 4217's other currencies of no decimals
/// that the federations near Oware's lands use (`GNF`, `RWF`, `UGX`, `BIF`, `DJF`, `KMF`,
/// `XPF`, `JPY`, `KRW`).
pub fn whole_units(currency: &str) -> bool {
    let code: String = currency
        .chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_uppercase)
        .collect();
    code.contains("CFA")
        || [
            "XOF", "XAF", "GNF", "RWF", "UGX", "BIF", "DJF", "KMF", "XPF", "JPY", "KRW",
        ]
        .contains(&code.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_are_read_from_their_digits() {
        assert_eq!(Money::parse("64.60"), Ok(Money(6460)));
        assert_eq!(Money::parse("64.6"), Ok(Money(6460)));
        assert_eq!(Money::parse("1,240"), Ok(Money(124_000)));
        assert_eq!(Money::parse("1,240.05"), Ok(Money(124_005)));
        assert_eq!(Money::parse("64,6"), Ok(Money(6460)));
        assert_eq!(Money::parse("1 240,50"), Ok(Money(124_050)));
        assert_eq!(Money::parse("1\u{202f}240,5"), Ok(Money(124_050)));
        assert_eq!(Money::parse(".5"), Ok(Money(50)));
        assert_eq!(Money::parse("12."), Ok(Money(1200)));
        assert_eq!(Money::parse("64.605"), Err(NotAmount::TooPrecise));
        assert_eq!(Money::parse("64.600"), Ok(Money(6460)));
        assert_eq!(Money::parse("-5"), Err(NotAmount::NotANumber));
        assert_eq!(Money::parse("abc"), Err(NotAmount::NotANumber));
        assert_eq!(Money::parse("."), Err(NotAmount::NotANumber));
        assert_eq!(Money::parse(""), Err(NotAmount::NotANumber));
        assert_eq!(Money::parse("1e5"), Err(NotAmount::NotANumber));
        assert_eq!(Money::parse("99999999999"), Err(NotAmount::TooLarge));
        assert_eq!(Money::parse("1000000000"), Ok(MOST));
    }

    #[test]
    fn json_numbers_are_read_as_written_not_as_binary_fractions() {
        // 64.6 × 100 is 6459.999… in binary floating point.
        let m: Money = serde_json::from_str("64.6").unwrap();
        assert_eq!(m, Money(6460));
        let m: Money = serde_json::from_str("0.29").unwrap();
        assert_eq!(m, Money(29));
        let m: Money = serde_json::from_str("1240").unwrap();
        assert_eq!(m, Money(124_000));
        let m: Money = serde_json::from_str("\"32.30\"").unwrap();
        assert_eq!(m, Money(3230));
        assert!(serde_json::from_str::<Money>("0.305").is_err());
        assert!(serde_json::from_str::<Money>("-1").is_err());
        assert!(serde_json::from_str::<Money>("1e20").is_err());
        for h in [0, 1, 29, 6460, 124_005, 3333, 99_999_999_999] {
            let text = serde_json::to_string(&Money(h)).unwrap();
            assert_eq!(
                serde_json::from_str::<Money>(&text).unwrap(),
                Money(h),
                "{text}"
            );
        }
        assert_eq!(serde_json::to_string(&Money(6460)).unwrap(), "64.6");
        assert_eq!(serde_json::to_string(&Money(124_000)).unwrap(), "1240");
    }

    #[test]
    fn a_pool_is_divided_once_to_the_unit() {
        // 1,240 shared by three: 413.33 each and one cent over for the first.
        assert_eq!(Money::units(1240).divide(3, 1), (Money(41_333), 1));
        // 64.60 by two: 32.30 each.
        assert_eq!(Money(6460).divide(2, 1), (Money(3230), 0));
        // 25,000 francs CFA by three: 8,333 each, one franc over.
        assert_eq!(Money::units(25_000).divide(3, 100), (Money::units(8333), 1));
    }

    #[test]
    fn currencies_without_cents() {
        for c in ["XOF", "FCFA", "F CFA", "francs CFA", "xaf", "UGX"] {
            assert!(whole_units(c), "{c}");
        }
        for c in ["GH₵", "£", "€", "GHS", "NGN", "₦", ""] {
            assert!(!whole_units(c), "{c}");
        }
    }

    #[test]
    fn amounts_are_written_with_their_cents() {
        assert_eq!(Money(6460).to_string(), "64.60");
        assert_eq!(Money(124_000).to_string(), "1240");
        assert_eq!(Money(5).to_string(), "0.05");
        assert_eq!(Money(6460).decimal(","), "64,60");
    }
}
