//! The player form's fields, as typed, and their reading into a player's details.

use serde::Deserialize;

use crate::tournament::PlayerDetails;
use crate::tournament::players::PlayerInput;

crate::csrf_in_field!(PlayerFields);

#[derive(Clone, Debug, Default, Deserialize)]
pub struct PlayerFields {
    pub name: String,
    pub club: String,
    pub country: String,
    pub rating: String,
    #[serde(default)]
    pub birth_year: String,
    /// `female`, `male`, or empty.
    #[serde(default)]
    pub gender: String,
    #[serde(default)]
    pub title: String,
    #[serde(default)]
    pub federation: String,
    /// The person's id in the rating list's register.
    #[serde(default)]
    pub register_id: String,
    /// A phone for SMS, with the player's consent (ticked: non-empty).
    #[serde(default)]
    pub phone: String,
    #[serde(default)]
    pub sms_consent: String,
    #[serde(default)]
    pub csrf: String,
}

impl PlayerFields {
    pub fn parse(&self) -> Result<PlayerDetails, crate::tournament::said::Said> {
        let number = |text: &str, what: &str| match text.trim() {
            "" => Ok(None),
            r => r
                .parse::<i64>()
                .map(Some)
                .map_err(|_| crate::said!("csv-not-whole-number", field = what, text = r)),
        };
        PlayerDetails::parse(&PlayerInput {
            name: Some(self.name.clone()),
            club: Some(self.club.clone()),
            country: Some(self.country.clone()),
            rating: number(&self.rating, "rating")?,
            birth_year: number(&self.birth_year, "birth year")?,
            gender: Some(self.gender.clone()),
            title: Some(self.title.clone()),
            federation: Some(self.federation.clone()),
            register_id: number(&self.register_id, "register id")?,
            phone: Some(self.phone.clone()),
            sms_consent: Some(!self.sms_consent.is_empty()),
        })
    }
}
