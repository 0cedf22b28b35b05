//! The points a result earns: a table by final place (one per field size), points per player
//! finished behind, or points per game point scored; exact to the hundredth, then multiplied by
//! the event's coefficient exactly (a total is kept in ten-thousandths, never binary floating
//! point).

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::RulesProblem;
use crate::tournament::money::Money;

/// A number to the hundredth, at least 0: a table's points, a coefficient. Read from JSON as
/// its decimal digits (`1.5` is 150 hundredths, never the binary fraction nearest to it), as an
/// amount of money is; more than two decimals is refused.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Hundredths(pub i64);

impl Hundredths {
    pub const fn one() -> Hundredths {
        Hundredths(100)
    }

    pub const fn whole(n: i64) -> Hundredths {
        Hundredths(n * 100)
    }

    /// As people type it (`1.5`, `1,5`, `2`).
    pub fn parse(text: &str) -> Option<Hundredths> {
        Money::parse(text).ok().map(|m| Hundredths(m.hundredths()))
    }

    /// This many points multiplied by a coefficient: exact, in ten-thousandths.
    pub fn times(self, coefficient: Hundredths) -> Total {
        Total(self.0 * coefficient.0)
    }
}

impl fmt::Display for Hundredths {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&Total(self.0 * 100).decimal("."))
    }
}

impl Serialize for Hundredths {
    /// A JSON number (`2`, `1.5`), whose shortest writing is its own digits.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        Money::from_hundredths(self.0).serialize(s)
    }
}

impl<'de> Deserialize<'de> for Hundredths {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Hundredths, D::Error> {
        Money::deserialize(d).map(|m| Hundredths(m.hundredths()))
    }
}

/// Circuit points, exact: ten-thousandths (points to the hundredth times a coefficient to the
/// hundredth). Written as a plain decimal, with no trailing zeros (`25`, `37.5`, `12.25`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Total(pub i64);

impl Serialize for Total {
    /// As its decimal text (`"37.5"`), exact.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.decimal("."))
    }
}

impl std::ops::Add for Total {
    type Output = Total;
    fn add(self, other: Total) -> Total {
        Total(self.0 + other.0)
    }
}

impl std::iter::Sum for Total {
    fn sum<I: Iterator<Item = Total>>(iter: I) -> Total {
        iter.fold(Total(0), |a, b| a + b)
    }
}

impl Total {
    /// With the decimal mark given (`.` in files, `,` in French pages).
    pub fn decimal(self, mark: &str) -> String {
        let sign = if self.0 < 0 { "-" } else { "" };
        let (whole, part) = (self.0.abs() / 10_000, self.0.abs() % 10_000);
        if part == 0 {
            return format!("{sign}{whole}");
        }
        let digits = format!("{part:04}");
        format!("{sign}{whole}{mark}{}", digits.trim_end_matches('0'))
    }

    /// The text of a file's cell back to the points (as [`Total::decimal`] wrote them with `.`).
    pub fn parse(text: &str) -> Option<Total> {
        let (whole, part) = text.split_once('.').unwrap_or((text, ""));
        if whole.is_empty()
            || part.len() > 4
            || !whole.bytes().all(|b| b.is_ascii_digit())
            || !part.bytes().all(|b| b.is_ascii_digit())
        {
            return None;
        }
        let whole: i64 = whole.parse().ok()?;
        let part: i64 = if part.is_empty() {
            0
        } else {
            format!("{part:0<4}").parse().ok()?
        };
        Some(Total(whole.checked_mul(10_000)? + part))
    }
}

impl fmt::Display for Total {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.decimal("."))
    }
}

/// The points by final place for fields of `from_field` players or more.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlaceTable {
    #[serde(default = "one")]
    pub from_field: usize,
    /// The points of the 1st, 2nd, ... place; a place past the list earns none.
    pub points: Vec<Hundredths>,
}

fn one() -> usize {
    1
}

/// How a result earns points.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum PointsTable {
    /// A table of points by place, chosen by the field's size (the one of the largest
    /// `from_field` the field reaches; the smallest one for a field below every table), and
    /// `for_playing` to everyone who played.
    ByPlace {
        tables: Vec<PlaceTable>,
        #[serde(default)]
        for_playing: Hundredths,
    },
    /// `per_player` for every player finished behind, and `for_playing` to everyone.
    PlayersBeaten {
        per_player: Hundredths,
        #[serde(default)]
        for_playing: Hundredths,
    },
    /// `per_point` for every point the person scored in the event, as its standings count
    /// them (a win 1, a draw ½, or the match points of a match event).
    GamePoints { per_point: Hundredths },
}

/// A person's final place in an event: `first` and `last` differ where places are shared.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Place {
    pub first: usize,
    pub last: usize,
    pub field: usize,
    /// The event's score, in half points.
    pub halves: i64,
}

impl PointsTable {
    pub fn check(&self) -> Result<(), RulesProblem> {
        match self {
            PointsTable::ByPlace { tables, .. }
                if tables.is_empty() || tables.iter().any(|t| t.points.is_empty()) =>
            {
                Err(RulesProblem::EmptyTable)
            }
            _ => Ok(()),
        }
    }

    /// The table a field of `field` players uses.
    fn table(tables: &[PlaceTable], field: usize) -> Option<&PlaceTable> {
        tables
            .iter()
            .filter(|t| t.from_field <= field)
            .max_by_key(|t| t.from_field)
            .or_else(|| tables.iter().min_by_key(|t| t.from_field))
    }

    /// The points of a place, to the hundredth, before the coefficient: players sharing places
    /// take the average of those places' points, down to the hundredth.
    pub fn points(&self, place: Place) -> Hundredths {
        let (first, last) = (place.first.max(1), place.last.max(place.first.max(1)));
        let shared = (last - first + 1) as i64;
        let average = |of: &dyn Fn(usize) -> i64| -> i64 {
            (first..=last).map(of).sum::<i64>().div_euclid(shared)
        };
        Hundredths(match self {
            PointsTable::ByPlace {
                tables,
                for_playing,
            } => {
                let table = Self::table(tables, place.field);
                let at = |p: usize| table.and_then(|t| t.points.get(p - 1)).map_or(0, |h| h.0);
                average(&at) + for_playing.0
            }
            PointsTable::PlayersBeaten {
                per_player,
                for_playing,
            } => {
                let beaten = |p: usize| place.field.saturating_sub(p) as i64 * per_player.0;
                average(&beaten) + for_playing.0
            }
            PointsTable::GamePoints { per_point } => (place.halves * per_point.0).div_euclid(2),
        })
    }
}
