//! A rating period: a calendar month (UTC), written `YYYY-MM`.

use std::fmt;
use std::str::FromStr;

/// A calendar month.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Period {
    year: i32,
    month: u32,
}

impl Period {
    /// The month `month` (1 to 12) of `year`.
    pub fn new(year: i32, month: u32) -> Option<Period> {
        ((1..=12).contains(&month) && (1..=9999).contains(&year)).then_some(Period { year, month })
    }

    pub fn year(&self) -> i32 {
        self.year
    }

    pub fn month(&self) -> u32 {
        self.month
    }

    /// The month after this one.
    pub fn next(self) -> Period {
        if self.month == 12 {
            Period {
                year: self.year + 1,
                month: 1,
            }
        } else {
            Period {
                month: self.month + 1,
                ..self
            }
        }
    }
}

impl fmt::Display for Period {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}", self.year, self.month)
    }
}

impl FromStr for Period {
    type Err = ();

    fn from_str(s: &str) -> Result<Period, ()> {
        let (year, month) = s.split_once('-').ok_or(())?;
        if year.len() != 4 || month.len() != 2 {
            return Err(());
        }
        Period::new(
            year.parse().map_err(|_| ())?,
            month.parse().map_err(|_| ())?,
        )
        .ok_or(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_period_reads_as_it_is_written_and_the_year_turns_after_december() {
        let p: Period = "2026-12".parse().unwrap();
        assert_eq!(p.to_string(), "2026-12");
        assert_eq!(p.next().to_string(), "2027-01");
        for bad in ["2026-13", "2026-1", "26-01", "2026", "2026-00", "abcd-ef"] {
            assert!(bad.parse::<Period>().is_err(), "{bad}");
        }
    }
}
