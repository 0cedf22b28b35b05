//! How the rating list's register finds a person: by id, then licence, then name and birth
//! year, the names compared without regard to case, accents, hyphens, apostrophes and word
//! order ("Kwame Mensah-Bonsu" finds "MENSAH BONSU, Kwame"), a typo or two tolerated. A
//! suggestion is only a suggestion: nobody is linked to a person without someone confirming it.

use serde::Serialize;

use super::names::folded;

/// A name as the register compares it: folded (no case, no accents), its apostrophes left out
/// ("N'Diaye" is "Ndiaye"), every hyphen, comma or full stop a space, its words sorted.
pub fn name_key(name: &str) -> String {
    let folded: String = folded(name)
        .chars()
        .filter(|c| !matches!(c, '\'' | '’' | '‘' | 'ʼ'))
        .collect();
    let mut words: Vec<&str> = folded
        .split(|c: char| c.is_whitespace() || matches!(c, '-' | ',' | '.' | '‐' | '–'))
        .filter(|w| !w.is_empty())
        .collect();
    words.sort_unstable();
    words.join(" ")
}

/// What is looked for.
#[derive(Clone, Debug, Default)]
pub struct Wanted {
    pub id: Option<i32>,
    pub name: String,
    pub birth_year: Option<i32>,
    pub federation: String,
    pub licence: String,
}

/// A person of the register, as the search sees them.
#[derive(Clone, Debug)]
pub struct Candidate {
    pub id: i32,
    pub name: String,
    pub name_key: String,
    pub birth_year: Option<i32>,
    pub federation: String,
    pub licence: String,
}

/// Why a person is suggested, best first.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Serialize,
    strum::IntoStaticStr,
    strum::EnumIter,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum Why {
    /// The id given.
    Id,
    /// The same licence number.
    Licence,
    /// The same name and birth year.
    NameAndBirthYear,
    /// The same name (a birth year unknown on one side).
    Name,
    /// The name but for a typo or two, the birth year agreeing or unknown.
    NameWithTypo,
    /// The same name, another birth year: perhaps a namesake.
    NameOtherBirthYear,
}

/// A suggestion: the person's id, why, and how far the name is from the one typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Suggestion {
    pub id: i32,
    pub why: Why,
    pub distance: usize,
}

/// How many edits a name of `length` characters may be from another and still be suggested.
fn typos_allowed(length: usize) -> usize {
    match length {
        0..=4 => 0,
        5..=9 => 1,
        _ => 2,
    }
}

/// The persons worth suggesting for `wanted`, best first (by why, then a person of the same
/// federation, then the nearer name, then the id); at most `most`.
pub fn suggest(wanted: &Wanted, candidates: &[Candidate], most: usize) -> Vec<Suggestion> {
    let key = name_key(&wanted.name);
    let licence = wanted.licence.trim();
    let federation = wanted.federation.trim();
    let mut found: Vec<(Suggestion, bool)> = candidates
        .iter()
        .filter_map(|c| {
            let years_agree = match (wanted.birth_year, c.birth_year) {
                (Some(a), Some(b)) => Some(a == b),
                _ => None,
            };
            let distance = if key.is_empty() {
                usize::MAX
            } else {
                strsim::levenshtein(&key, &c.name_key)
            };
            let why = if wanted.id == Some(c.id) {
                Why::Id
            } else if !licence.is_empty() && c.licence.eq_ignore_ascii_case(licence) {
                Why::Licence
            } else if distance == 0 {
                match years_agree {
                    Some(true) => Why::NameAndBirthYear,
                    None => Why::Name,
                    Some(false) => Why::NameOtherBirthYear,
                }
            } else if distance <= typos_allowed(key.chars().count()) && years_agree != Some(false) {
                Why::NameWithTypo
            } else {
                return None;
            };
            let same_federation =
                !federation.is_empty() && c.federation.eq_ignore_ascii_case(federation);
            Some((
                Suggestion {
                    id: c.id,
                    why,
                    distance,
                },
                same_federation,
            ))
        })
        .collect();
    found.sort_by(|(a, fa), (b, fb)| {
        a.why
            .cmp(&b.why)
            .then(fb.cmp(fa))
            .then(a.distance.cmp(&b.distance))
            .then(a.id.cmp(&b.id))
    });
    found.into_iter().take(most).map(|(s, _)| s).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn person(id: i32, name: &str, birth_year: Option<i32>, federation: &str) -> Candidate {
        Candidate {
            id,
            name: name.to_string(),
            name_key: name_key(name),
            birth_year,
            federation: federation.to_string(),
            licence: String::new(),
        }
    }

    #[test]
    fn names_compare_without_case_accents_hyphens_apostrophes_or_word_order() {
        assert_eq!(
            name_key("Kwame Mensah-Bonsu"),
            name_key("MENSAH BONSU, Kwame")
        );
        assert_eq!(name_key("Aïcha N'Diaye"), name_key("ndiaye aicha"));
        assert_ne!(name_key("Kwame Mensah"), name_key("Kwame Mensah Bonsu"));
    }

    #[test]
    fn the_register_suggests_by_id_then_licence_then_name_and_birth_year() {
        let mut licensed = person(4, "Yaw Boateng", Some(1980), "GHA");
        licensed.licence = "GHA-0042".into();
        let register = [
            person(1, "MENSAH BONSU, Kwame", Some(1990), "GHA"),
            person(2, "Kwame Mensah Bonsu", None, "CIV"),
            person(3, "Kwame Mensha-Bonsu", Some(1990), "GHA"),
            licensed,
            person(5, "Kwame Mensah-Bonsu", Some(1971), "GHA"),
            person(6, "Ama Owusu", Some(1990), "GHA"),
        ];
        let wanted = Wanted {
            id: Some(6),
            name: "Kwame Mensah-Bonsu".into(),
            birth_year: Some(1990),
            federation: "GHA".into(),
            licence: "gha-0042".into(),
        };
        let found = suggest(&wanted, &register, 10);
        let order: Vec<(i32, Why)> = found.iter().map(|s| (s.id, s.why)).collect();
        assert_eq!(
            order,
            [
                (6, Why::Id),
                (4, Why::Licence),
                (1, Why::NameAndBirthYear),
                (2, Why::Name),
                (3, Why::NameWithTypo),
                (5, Why::NameOtherBirthYear),
            ]
        );
        // Nothing for a name nobody near has.
        let nobody = Wanted {
            name: "Esi Quaye".into(),
            ..Wanted::default()
        };
        assert!(suggest(&nobody, &register, 10).is_empty());
    }

    #[test]
    fn a_short_name_is_not_matched_with_a_typo_and_the_federation_breaks_ties() {
        let register = [
            person(1, "Ama Mensah", None, "CIV"),
            person(2, "Ama Mensah", None, "GHA"),
            person(3, "Ako Mensah", None, "GHA"),
        ];
        let wanted = Wanted {
            name: "Ama Mensah".into(),
            federation: "gha".into(),
            ..Wanted::default()
        };
        let ids: Vec<i32> = suggest(&wanted, &register, 10)
            .iter()
            .map(|s| s.id)
            .collect();
        assert_eq!(ids, [2, 1, 3]);
        let short = Wanted {
            name: "Ama".into(),
            ..Wanted::default()
        };
        assert!(suggest(&short, &[person(1, "Amo", None, "")], 10).is_empty());
    }
}
