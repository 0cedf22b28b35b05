//! An event's categories (Under-12, women, beginners, unrated, ...): each a rule on a player's
//! details, so that who is in a category is computed, never typed per player. Ages go by birth
//! year, as FIDE counts them: under 12 in a year is born in that year minus 12 or later (not yet
//! 12 on its 1 January). `docs/standings.md` ("Categories") states them.

use crate::tournament::said::Said;
use chrono::{Datelike, NaiveDate};
use serde::{Deserialize, Serialize};

/// A player's gender, where the event asks for it.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    strum::EnumString,
    strum::IntoStaticStr,
    strum::Display,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum Gender {
    Female,
    Male,
}

/// What puts a player in a category.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "rule", rename_all = "kebab-case")]
pub enum Rule {
    /// Not yet `age` on 1 January of the date's year: born in that year minus `age` or later.
    Under { age: i32, on: NaiveDate },
    /// `age` or older in the date's year: born in that year minus `age` or earlier.
    From { age: i32, on: NaiveDate },
    /// Players of this gender.
    Gender { gender: Gender },
    /// Rated below `rating` (beginners), unrated players included.
    RatedBelow { rating: i32 },
    /// Players without a rating.
    Unrated,
}

/// A category of an event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Category {
    pub name: String,
    #[serde(flatten)]
    pub rule: Rule,
}

/// What a category looks at.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Attributes {
    pub birth_year: Option<i32>,
    pub gender: Option<Gender>,
    pub rating: Option<i32>,
}

impl Category {
    /// Whether a player with these details is in the category (a player whose birth year or
    /// gender is not known is in no category that needs it).
    pub fn admits(&self, p: &Attributes) -> bool {
        match &self.rule {
            Rule::Under { age, on } => p.birth_year.is_some_and(|b| b >= on.year() - age),
            Rule::From { age, on } => p.birth_year.is_some_and(|b| b <= on.year() - age),
            Rule::Gender { gender } => p.gender == Some(*gender),
            Rule::RatedBelow { rating } => p.rating.is_none_or(|r| r < *rating),
            Rule::Unrated => p.rating.is_none(),
        }
    }

    /// The birth year an age rule draws its line at: the latest for "under", the earliest
    /// for "and over"; `None` for rules on other details.
    pub fn birth_year(&self) -> Option<i32> {
        match &self.rule {
            Rule::Under { age, on } | Rule::From { age, on } => Some(on.year() - age),
            _ => None,
        }
    }
}

/// The most categories an event has.
pub const MAX_CATEGORIES: usize = 20;

/// Checks an event's categories: names given, plain, distinct; ages and ratings sensible.
pub fn check(categories: &[Category]) -> Vec<Said> {
    let mut problems = Vec::new();
    if categories.len() > MAX_CATEGORIES {
        problems.push(crate::said!(
            "categories-at-most",
            max_categories = MAX_CATEGORIES
        ));
    }
    for (i, c) in categories.iter().enumerate() {
        let name = c.name.trim();
        if name.is_empty() || name.chars().count() > 40 {
            problems.push(crate::said!(
                "categories-category-needs-name-1",
                number = i + 1
            ));
        }
        if categories[..i]
            .iter()
            .any(|other| other.name.trim().eq_ignore_ascii_case(name))
        {
            problems.push(crate::said!("categories-named-twice", name));
        }
        match &c.rule {
            Rule::Under { age, .. } | Rule::From { age, .. } if !(1..=120).contains(age) => {
                problems.push(crate::said!("categories-age-1-120-not", name, age));
            }
            Rule::RatedBelow { rating } if !(1..=4000).contains(rating) => {
                problems.push(crate::said!("categories-rating-1-4000-not", name, rating));
            }
            _ => {}
        }
    }
    problems
}

/// An age group, as a public page gives a player's age instead of their birth year (a
/// junior's birth year is their own to give): by the age they reach in the event's year.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, strum::IntoStaticStr)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum AgeGroup {
    #[serde(rename = "under-8")]
    #[strum(serialize = "under-8")]
    Under8,
    #[serde(rename = "under-10")]
    #[strum(serialize = "under-10")]
    Under10,
    #[serde(rename = "under-12")]
    #[strum(serialize = "under-12")]
    Under12,
    #[serde(rename = "under-14")]
    #[strum(serialize = "under-14")]
    Under14,
    #[serde(rename = "under-16")]
    #[strum(serialize = "under-16")]
    Under16,
    #[serde(rename = "under-18")]
    #[strum(serialize = "under-18")]
    Under18,
    #[serde(rename = "under-20")]
    #[strum(serialize = "under-20")]
    Under20,
    #[serde(rename = "adult")]
    #[strum(serialize = "adult")]
    Adult,
    #[serde(rename = "from-50")]
    #[strum(serialize = "from-50")]
    From50,
    #[serde(rename = "from-65")]
    #[strum(serialize = "from-65")]
    From65,
}

impl AgeGroup {
    /// The group of someone born in `birth_year`, in `year`.
    pub fn of(birth_year: i32, year: i32) -> AgeGroup {
        match year - birth_year {
            ..8 => AgeGroup::Under8,
            8..10 => AgeGroup::Under10,
            10..12 => AgeGroup::Under12,
            12..14 => AgeGroup::Under14,
            14..16 => AgeGroup::Under16,
            16..18 => AgeGroup::Under18,
            18..20 => AgeGroup::Under20,
            20..50 => AgeGroup::Adult,
            50..65 => AgeGroup::From50,
            65.. => AgeGroup::From65,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn category(json: serde_json::Value) -> Category {
        serde_json::from_value(json).unwrap()
    }

    #[test]
    fn categories_are_computed_from_birth_year_gender_and_rating() {
        let u12 = category(
            serde_json::json!({"name": "Under 12", "rule": "under", "age": 12,
            "on": "2026-07-01"}),
        );
        // Not yet 12 on 1 January 2026: born in 2014 or later.
        let born = |year| Attributes {
            birth_year: Some(year),
            ..Attributes::default()
        };
        assert!(u12.admits(&born(2014)) && u12.admits(&born(2019)));
        assert!(!u12.admits(&born(2013)) && !u12.admits(&Attributes::default()));
        assert_eq!(u12.birth_year(), Some(2014));
        let seniors = category(
            serde_json::json!({"name": "Seniors", "rule": "from", "age": 60, "on": "2026-07-01"}),
        );
        assert!(seniors.admits(&born(1966)) && !seniors.admits(&born(1967)));
        let women =
            category(serde_json::json!({"name": "Women", "rule": "gender", "gender": "female"}));
        let woman = Attributes {
            gender: Some(Gender::Female),
            ..Attributes::default()
        };
        assert!(women.admits(&woman) && !women.admits(&Attributes::default()));
        let beginners = category(
            serde_json::json!({"name": "Beginners", "rule": "rated-below", "rating": 1200}),
        );
        let rated = |r| Attributes {
            rating: Some(r),
            ..Attributes::default()
        };
        assert!(beginners.admits(&rated(1199)) && beginners.admits(&Attributes::default()));
        assert!(!beginners.admits(&rated(1200)));
        let unrated = category(serde_json::json!({"name": "Unrated", "rule": "unrated"}));
        assert!(unrated.admits(&Attributes::default()) && !unrated.admits(&rated(900)));
        let all = [u12.clone(), women, beginners, unrated];
        let girl = Attributes {
            birth_year: Some(2016),
            gender: Some(Gender::Female),
            rating: None,
        };
        assert_eq!(
            all.iter()
                .filter(|c| c.admits(&girl))
                .map(|c| c.name.as_str())
                .collect::<Vec<_>>(),
            ["Under 12", "Women", "Beginners", "Unrated"]
        );
        assert!(check(&all).is_empty());
        let twice = [u12.clone(), u12];
        assert_eq!(check(&twice).len(), 1);
    }
}
