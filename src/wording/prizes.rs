//! Prizes in the reader's language: an amount with its currency as the language writes money,
//! and a pool of tied players said as one block (which prizes, how much, shared by whom).

use crate::locale::Lang;
use crate::service::prizes::PoolView;
use crate::tournament::money::Money;

/// An amount as the language writes money: `GH₵ 1,240.50`, `1 240,50 GH₵`; whole amounts
/// without cents (`GH₵ 150`).
pub fn money(lang: impl Into<Lang>, currency: &str, amount: &Money) -> String {
    let lang: Lang = lang.into();
    let (units, cents) = (amount.hundredths() / 100, amount.hundredths() % 100);
    let digits = units.to_string();
    let mark = lang.t("thousands-mark");
    let mut grouped = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            grouped.push_str(&mark);
        }
        grouped.push(c);
    }
    let cents = if cents == 0 {
        String::new()
    } else {
        format!("{}{cents:02}", lang.t("decimal-mark"))
    };
    let number = format!("{grouped}{cents}");
    match currency.trim() {
        "" => number,
        c => lang.t2("money", "amount", number, "currency", c),
    }
}

/// The names of a list joined as the language joins them: `2nd, 3rd and Best woman`.
pub fn and_list(lang: impl Into<Lang>, names: &[String]) -> String {
    let lang: Lang = lang.into();
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => lang.t2("list-and", "rest", rest.join(", "), "last", last.as_str()),
    }
}

/// A pool as one block: `2nd, 3rd and Best woman pooled: GH₵ 600 shared by the four tied on
/// 2½, GH₵ 150 each` (or `, as follows:` and each one's part below, where the parts differ).
pub fn pool(lang: impl Into<Lang>, currency: &str, pool: &PoolView) -> String {
    let lang: Lang = lang.into();
    let each = pool.each().map(|m| money(lang, currency, &m));
    lang.t_with(
        "prizes-pool",
        &[
            ("prizes", and_list(lang, &pool.prizes).into()),
            ("n", pool.prizes.len().into()),
            ("count", pool.parts.len().into()),
            ("total", money(lang, currency, &pool.total).into()),
            ("points", super::words::points(lang, pool.points).into()),
            ("each", each.unwrap_or_else(|| "none".to_string()).into()),
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn money_as_each_language_writes_it() {
        let fr = Lang::from_code("fr").unwrap();
        let en = Lang::ENGLISH;
        assert_eq!(
            money(en, "GH₵", &Money::from_hundredths(124_050)),
            "GH₵ 1,240.50"
        );
        assert_eq!(money(en, "", &Money::units(150)), "150");
        assert_eq!(money(en, "£", &Money::from_hundredths(5)), "£ 0.05");
        assert_eq!(
            money(fr, "FCFA", &Money::units(25_000)),
            "25\u{202f}000\u{a0}FCFA"
        );
        assert_eq!(
            money(fr, "GH₵", &Money::from_hundredths(41_334)),
            "413,34\u{a0}GH₵"
        );
        assert_eq!(money(en, "GH₵", &Money::units(1_000_000)), "GH₵ 1,000,000");
    }

    #[test]
    fn lists_are_joined_with_and() {
        let names = |n: &[&str]| n.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            and_list(Lang::ENGLISH, &names(&["2nd", "3rd", "Best woman"])),
            "2nd, 3rd and Best woman"
        );
        assert_eq!(
            and_list(Lang::from_code("fr").unwrap(), &names(&["2e", "3e"])),
            "2e et 3e"
        );
        assert_eq!(and_list(Lang::ENGLISH, &names(&["1st"])), "1st");
    }
}
