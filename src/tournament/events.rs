//! An event's settings: a name, a venue, dates, and the categories its sections' standings and
//! prizes go by.

use crate::tournament::said::Said;
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::categories::{self, Category};
use super::players::plain_text;

/// Validated settings of an event.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EventSettings {
    pub name: String,
    pub venue: String,
    pub start_date: Option<NaiveDate>,
    pub end_date: Option<NaiveDate>,
    pub categories: Vec<Category>,
}

/// Settings as received (JSON API and form alike).
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventInput {
    pub name: Option<String>,
    pub venue: Option<String>,
    pub start_date: Option<NaiveDate>,
    pub end_date: Option<NaiveDate>,
    #[serde(default)]
    pub categories: Vec<Category>,
}

impl EventSettings {
    /// Validates input; every problem is reported, one sentence each.
    pub fn parse(input: EventInput) -> Result<EventSettings, Vec<Said>> {
        let mut problems = Vec::new();
        let name = input.name.as_deref().unwrap_or("").trim().to_string();
        let venue = input.venue.as_deref().unwrap_or("").trim().to_string();
        if name.is_empty() || name.chars().count() > 100 {
            problems.push(crate::said!("name-event-needs-name-at"));
        }
        if venue.chars().count() > 100 {
            problems.push(crate::said!("venue-at-most-100-characters"));
        }
        if !plain_text(&name)
            || !plain_text(&venue)
            || input.categories.iter().any(|c| !plain_text(&c.name))
        {
            problems.push(crate::said!("names-no-control-characters"));
        }
        if let (Some(s), Some(e)) = (input.start_date, input.end_date)
            && e < s
        {
            problems.push(crate::said!("end-date-event-cannot-end"));
        }
        let mut categories = input.categories;
        for c in &mut categories {
            c.name = c.name.trim().to_string();
        }
        problems.extend(categories::check(&categories));
        if problems.is_empty() {
            Ok(EventSettings {
                name,
                venue,
                start_date: input.start_date,
                end_date: input.end_date,
                categories,
            })
        } else {
            Err(problems)
        }
    }
}
