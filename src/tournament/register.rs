//! How the rating list's register finds a person: by id, then licence, then name and birth
//! year, the names compared without regard to case, accents, the letters of West African
//! alphabets written as Latin ones (ɛ as e, ɔ as o, ŋ as ng), hyphens and apostrophes (a word
//! joined or split at them: "Mensah-Bonsu" is "Mensah Bonsu" and "MensahBonsu", "N'Dri" is
//! "NDri" and "N Dri"), and word order ("Kwame Mensah-Bonsu" finds "MENSAH BONSU, Kwame"), a
//! typo or two tolerated (two letters swapped count as one). A suggestion is only a
//! suggestion: nobody is linked to a person without someone confirming it.
//!
//! [`Index`] holds the register's names ready to compare, built once per change of the register:
//! a search first sets aside every person whose letters, counted, are too far from the typed
//! name's for its typos to bridge (a few operations a person, whatever the name's order or
//! separators), then compares the few left.

use std::collections::HashMap;

use serde::Serialize;

use super::names::folded;

/// The longest name the register compares (a longer one is refused, not searched).
pub const MOST_NAME_CHARS: usize = 100;

/// A name folded as the register compares it: no case, no accents, the letters of West African
/// alphabets as the Latin letters people type for them.
pub fn plain(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for c in folded(name).chars() {
        match c {
            'ɛ' | 'ə' | 'ǝ' => out.push('e'),
            'ɔ' | 'ø' => out.push('o'),
            'ŋ' => out.push_str("ng"),
            'ɖ' | 'ɗ' | 'đ' => out.push('d'),
            'ƒ' => out.push('f'),
            'ʋ' => out.push('v'),
            'ɣ' => out.push('g'),
            'ɓ' => out.push('b'),
            'ƙ' => out.push('k'),
            'ƴ' => out.push('y'),
            'ı' => out.push('i'),
            'ł' => out.push('l'),
            'æ' => out.push_str("ae"),
            'œ' => out.push_str("oe"),
            'ß' => out.push_str("ss"),
            c => out.push(c),
        }
    }
    out
}

fn apostrophe(c: char) -> bool {
    matches!(c, '\'' | '’' | '‘' | 'ʼ' | '`' | '´')
}

fn hyphen(c: char) -> bool {
    matches!(c, '-' | '‐' | '‑' | '–' | '—')
}

/// The words of a plain name, split at spaces, commas and full stops, and at `split_at`;
/// joined where `join_at`.
fn words(plain: &str, split_at: fn(char) -> bool, join_at: fn(char) -> bool) -> Vec<String> {
    let joined: String = plain.chars().filter(|&c| !join_at(c)).collect();
    joined
        .split(|c: char| c.is_whitespace() || matches!(c, ',' | '.' | ';') || split_at(c))
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

fn sorted(mut words: Vec<String>) -> String {
    words.sort_unstable();
    words.join(" ")
}

/// A name as the register compares it: folded ([`plain`]), its apostrophes left out ("N'Diaye"
/// is "Ndiaye"), every hyphen, comma or full stop a space, its words sorted. The register keeps
/// it beside each person.
pub fn name_key(name: &str) -> String {
    sorted(words(&plain(name), hyphen, apostrophe))
}

/// The ways a name is compared: its key ([`name_key`]); the same with its hyphens joining and
/// its apostrophes splitting ("Mensah-Bonsu" as "mensahbonsu", "N'Dri" as "n dri"); its letters
/// in their order without a space; and how many of each letter it has.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Keys {
    pub key: String,
    joined: String,
    compact: String,
    letters: [u8; 27],
}

impl Keys {
    pub fn of(name: &str) -> Keys {
        let plain = plain(name);
        let key = sorted(words(&plain, hyphen, apostrophe));
        let joined = sorted(words(&plain, apostrophe, hyphen));
        let compact: String = plain.chars().filter(|c| c.is_alphanumeric()).collect();
        let mut letters = [0u8; 27];
        for c in compact.chars() {
            let slot = match c {
                'a'..='z' => c as usize - 'a' as usize,
                _ => 26,
            };
            letters[slot] = letters[slot].saturating_add(1);
        }
        Keys {
            key,
            joined,
            compact,
            letters,
        }
    }

    /// How many letters, at least, one name needs changed to read as the other: half the
    /// difference of their counts (a letter replaced changes two counts, one added or left
    /// out one, two swapped none), whatever their order or separators.
    fn at_least(&self, other: &Keys) -> usize {
        let apart: usize = self
            .letters
            .iter()
            .zip(&other.letters)
            .map(|(a, b)| usize::from(a.abs_diff(*b)))
            .sum();
        apart.div_ceil(2)
    }

    /// The fewest typos (a letter changed, added, left out, or two next to each other swapped)
    /// between two names, over the ways of comparing them.
    pub fn distance(&self, other: &Keys) -> usize {
        if self.key == other.key
            || self.joined == other.joined
            || self.compact == other.compact
            || self.key == other.joined
            || self.joined == other.key
        {
            return 0;
        }
        [
            (&self.key, &other.key),
            (&self.key, &other.joined),
            (&self.joined, &other.key),
            (&self.joined, &other.joined),
            (&self.compact, &other.compact),
        ]
        .into_iter()
        .map(|(a, b)| strsim::osa_distance(a, b))
        .min()
        .unwrap_or(usize::MAX)
    }
}

/// A player's or a person's own details, as a register number is checked against them.
#[derive(Clone, Copy, Debug)]
pub struct Details<'a> {
    pub name: &'a str,
    pub birth_year: Option<i32>,
    pub federation: &'a str,
}

/// Why a player's register number is not taken as it stands: the hub owns the numbers, and a
/// number a player arrives with (pushed by a venue, typed into a form or a file) counts only
/// when the person it names is that player.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Doubt {
    /// No person of the register has the number.
    Unknown { number: i32 },
    /// The person the number names is written otherwise: another name (not merely its case,
    /// accents, separators or word order), another birth year, another federation (each only
    /// where both sides give one).
    Differs {
        number: i32,
        name: bool,
        birth_year: bool,
        federation: bool,
    },
}

/// Whether a player with `number` is the person it names (`person`'s details, `None` when no
/// person has it): nothing to doubt, or why not.
pub fn doubt(number: i32, player: Details, person: Option<Details>) -> Option<Doubt> {
    let Some(person) = person else {
        return Some(Doubt::Unknown { number });
    };
    let name = Keys::of(player.name).distance(&Keys::of(person.name)) > 0;
    let birth_year = matches!((player.birth_year, person.birth_year), (Some(a), Some(b)) if a != b);
    let (a, b) = (
        plain(player.federation.trim()),
        plain(person.federation.trim()),
    );
    let federation = !a.is_empty() && !b.is_empty() && a != b;
    (name || birth_year || federation).then_some(Doubt::Differs {
        number,
        name,
        birth_year,
        federation,
    })
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

/// The register's persons, ready to be searched (see the module's words).
#[derive(Clone, Debug, Default)]
pub struct Index {
    entries: Vec<(Candidate, Keys)>,
    by_id: HashMap<i32, usize>,
    by_licence: HashMap<String, Vec<usize>>,
}

impl Index {
    pub fn new(mut candidates: Vec<Candidate>) -> Index {
        candidates.sort_by_key(|c| c.id);
        let mut index = Index::default();
        for c in candidates {
            let at = index.entries.len();
            index.by_id.insert(c.id, at);
            let licence = c.licence.trim().to_lowercase();
            if !licence.is_empty() {
                index.by_licence.entry(licence).or_default().push(at);
            }
            let keys = Keys::of(&c.name);
            index.entries.push((c, keys));
        }
        index
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The persons worth suggesting for `wanted`, best first (by why, then a person of the
    /// same federation, then the nearer name, then the id); at most `most`. A name is compared
    /// in its first [`MOST_NAME_CHARS`] characters.
    pub fn suggest(&self, wanted: &Wanted, most: usize) -> Vec<Suggestion> {
        let name: String = wanted.name.chars().take(MOST_NAME_CHARS).collect();
        let keys = Keys::of(&name);
        let allowed = typos_allowed(keys.key.chars().count());
        let licence = wanted.licence.trim().to_lowercase();
        let federation = wanted.federation.trim();
        let mut found: Vec<(Suggestion, bool)> = Vec::new();
        let consider = |at: usize, found: &mut Vec<(Suggestion, bool)>| {
            let (c, their) = &self.entries[at];
            if found.iter().any(|(s, _)| s.id == c.id) {
                return;
            }
            let years_agree = match (wanted.birth_year, c.birth_year) {
                (Some(a), Some(b)) => Some(a == b),
                _ => None,
            };
            let distance = if keys.key.is_empty() || keys.at_least(their) > allowed {
                usize::MAX
            } else {
                keys.distance(their)
            };
            let why = if wanted.id == Some(c.id) {
                Why::Id
            } else if !licence.is_empty() && c.licence.trim().to_lowercase() == licence {
                Why::Licence
            } else if distance == 0 {
                match years_agree {
                    Some(true) => Why::NameAndBirthYear,
                    None => Why::Name,
                    Some(false) => Why::NameOtherBirthYear,
                }
            } else if distance <= allowed && years_agree != Some(false) {
                Why::NameWithTypo
            } else {
                return;
            };
            let same_federation =
                !federation.is_empty() && c.federation.eq_ignore_ascii_case(federation);
            found.push((
                Suggestion {
                    id: c.id,
                    why,
                    distance,
                },
                same_federation,
            ));
        };
        if let Some(&at) = wanted.id.and_then(|id| self.by_id.get(&id)) {
            consider(at, &mut found);
        }
        for &at in self.by_licence.get(&licence).into_iter().flatten() {
            consider(at, &mut found);
        }
        if !keys.key.is_empty() {
            for at in 0..self.entries.len() {
                // Letters too far apart for the typos allowed: no name of theirs is near.
                if keys.at_least(&self.entries[at].1) <= allowed {
                    consider(at, &mut found);
                }
            }
        }
        found.sort_by(|(a, fa), (b, fb)| {
            a.why
                .cmp(&b.why)
                .then(fb.cmp(fa))
                .then(a.distance.cmp(&b.distance))
                .then(a.id.cmp(&b.id))
        });
        found.into_iter().take(most).map(|(s, _)| s).collect()
    }
}

impl Index {
    /// Persons likely to be one person entered twice: the same name (whatever its case,
    /// accents, hyphens, apostrophes or word order) and birth years that do not differ (one
    /// unknown, or the same); in the order of the first's number, at most `most` pairs.
    pub fn duplicates(&self, most: usize) -> Vec<(i32, i32)> {
        let mut seen: HashMap<&str, Vec<usize>> = HashMap::new();
        let mut pairs: Vec<(i32, i32)> = Vec::new();
        for (at, (c, keys)) in self.entries.iter().enumerate() {
            let mut earlier: Vec<usize> = Vec::new();
            for key in [&keys.key, &keys.joined, &keys.compact] {
                if key.is_empty() {
                    continue;
                }
                let list = seen.entry(key.as_str()).or_default();
                earlier.extend(list.iter().copied());
                list.push(at);
            }
            earlier.sort_unstable();
            earlier.dedup();
            for other in earlier {
                let (o, _) = &self.entries[other];
                let years_differ =
                    matches!((o.birth_year, c.birth_year), (Some(a), Some(b)) if a != b);
                if !years_differ && o.id != c.id && !pairs.contains(&(o.id, c.id)) {
                    pairs.push((o.id, c.id));
                }
            }
        }
        pairs.sort_unstable();
        pairs.truncate(most);
        pairs
    }
}

/// The persons worth suggesting for `wanted` among `candidates` (see [`Index::suggest`]).
pub fn suggest(wanted: &Wanted, candidates: &[Candidate], most: usize) -> Vec<Suggestion> {
    Index::new(candidates.to_vec()).suggest(wanted, most)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_number_counts_only_for_the_person_it_names() {
        let d = |name, birth_year, federation| Details {
            name,
            birth_year,
            federation,
        };
        let kwadwo = d("Kwadwo Mensah", Some(1990), "GHA");
        // The same person, written otherwise.
        for same in [
            d("MENSAH, Kwadwo", None, ""),
            d("Kwadwo Mensah", Some(1990), "gha"),
            d("Kwadwo  Mensah", None, "GHA"),
        ] {
            assert_eq!(doubt(35, same, Some(kwadwo)), None, "{same:?}");
        }
        assert_eq!(
            doubt(35, d("Gbèmisọ́la Ogunléye", Some(2004), "NGR"), Some(kwadwo)),
            Some(Doubt::Differs {
                number: 35,
                name: true,
                birth_year: true,
                federation: true
            })
        );
        // A typo is not the same name: the officer says whether it is them.
        assert_eq!(
            doubt(35, d("Kwadwo Mensa", Some(1990), "GHA"), Some(kwadwo)),
            Some(Doubt::Differs {
                number: 35,
                name: true,
                birth_year: false,
                federation: false
            })
        );
        assert_eq!(
            doubt(35, d("Kwadwo Mensah", Some(1991), ""), Some(kwadwo)),
            Some(Doubt::Differs {
                number: 35,
                name: false,
                birth_year: true,
                federation: false
            })
        );
        assert_eq!(doubt(36, kwadwo, None), Some(Doubt::Unknown { number: 36 }));
    }

    fn person(id: i32, name: &str, birth_year: Option<i32>, federation: &str) -> Candidate {
        Candidate {
            id,
            name: name.to_string(),
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

#[cfg(test)]
mod matching {
    use super::*;

    fn register(names: &[(i32, &str, Option<i32>)]) -> Index {
        Index::new(
            names
                .iter()
                .map(|&(id, name, birth_year)| Candidate {
                    id,
                    name: name.to_string(),
                    birth_year,
                    federation: String::new(),
                    licence: String::new(),
                })
                .collect(),
        )
    }

    fn first(index: &Index, typed: &str) -> Option<(i32, Why)> {
        let wanted = Wanted {
            name: typed.to_string(),
            ..Wanted::default()
        };
        index.suggest(&wanted, 3).first().map(|s| (s.id, s.why))
    }

    #[test]
    fn west_african_letters_are_read_as_the_latin_letters_typed_for_them() {
        let index = register(&[
            (1, "Abena Donko", None),
            (2, "Gbemisola Ogunleye", None),
            (3, "Kɔku Ŋuɖɔ", None),
            (4, "Ɗanladi Abubakar", None),
        ]);
        assert_eq!(first(&index, "Abɛna Dɔnkɔ"), Some((1, Why::Name)));
        assert_eq!(first(&index, "ABƐNA DƆNKƆ"), Some((1, Why::Name)));
        assert_eq!(first(&index, "Gbèmisọ́la Ogunléye"), Some((2, Why::Name)));
        assert_eq!(first(&index, "Koku Ngudo"), Some((3, Why::Name)));
        assert_eq!(first(&index, "Danladi Abubakar"), Some((4, Why::Name)));
    }

    #[test]
    fn hyphens_and_apostrophes_join_or_split_either_way() {
        let index = register(&[(1, "Kwame Mensah-Bonsu", None), (2, "Koffi N'Dri", None)]);
        for typed in [
            "Kwame Mensah Bonsu",
            "Kwame MensahBonsu",
            "MENSAHBONSU, Kwame",
            "Mensah-Bonsu Kwame",
        ] {
            assert_eq!(first(&index, typed), Some((1, Why::Name)), "{typed}");
        }
        for typed in ["Koffi NDri", "Koffi N Dri", "N'Dri Koffi", "Koffi N’Dri"] {
            assert_eq!(first(&index, typed), Some((2, Why::Name)), "{typed}");
        }
    }

    #[test]
    fn one_person_entered_twice_is_pointed_out() {
        let index = register(&[
            (6, "Kwabena Ofori-Atta", Some(1972)),
            (7, "Kwabena Ofori Atta", Some(1972)),
            (8, "OFORI-ATTA, Kwabena", None),
            (9, "Kwabena Ofori-Atta", Some(1999)),
            (10, "Ama Owusu", Some(1990)),
        ]);
        // #9 is born in another year: a namesake, not #6 again; #8's year is unknown.
        assert_eq!(index.duplicates(10), [(6, 7), (6, 8), (7, 8), (8, 9)]);
        assert_eq!(index.duplicates(1), [(6, 7)]);
    }

    #[test]
    fn two_letters_swapped_are_one_typo() {
        let index = register(&[(1, "Juliet De Silva", None)]);
        // "Juleit" swaps two letters, "Silua" changes one: two typos, which a name of 15
        // letters is allowed.
        assert_eq!(
            first(&index, "Juleit De Silua"),
            Some((1, Why::NameWithTypo))
        );
        assert_eq!(
            first(&index, "Jluiet De Silva"),
            Some((1, Why::NameWithTypo))
        );
        // Three are too many.
        assert_eq!(first(&index, "Jluiet Da Silua"), None);
    }

    #[test]
    fn the_count_of_letters_sets_aside_no_name_a_search_would_find() {
        // For every pair of names of the query file, the letters' bound is never above the
        // distance the search computes.
        let persons = include_str!("../../tests/data/register-persons.csv");
        let keys: Vec<Keys> = csv::Reader::from_reader(persons.as_bytes())
            .records()
            .map(|r| Keys::of(&r.unwrap()[1]))
            .collect();
        for a in keys.iter().step_by(7) {
            for b in &keys {
                assert!(a.at_least(b) <= a.distance(b), "{a:?} {b:?}");
            }
        }
    }

    /// The register of `tests/data/register-persons.csv` (420 persons, namesakes among them)
    /// and the 160 names of `tests/data/register-queries.csv`, typed as people type them: in
    /// Latin letters or West African ones, with a typo, two letters swapped, the words in
    /// another order, hyphens and apostrophes joined or split, in lower case, a namesake told
    /// apart by the birth year. The person meant is among the first three suggestions for at
    /// least 95% of them.
    #[test]
    fn people_are_found_as_they_are_typed() {
        let persons = include_str!("../../tests/data/register-persons.csv");
        let candidates: Vec<Candidate> = csv::Reader::from_reader(persons.as_bytes())
            .records()
            .map(|r| {
                let f = r.unwrap();
                Candidate {
                    id: f[0].parse().unwrap(),
                    name: f[1].to_string(),
                    birth_year: f[2].parse().ok(),
                    federation: String::new(),
                    licence: String::new(),
                }
            })
            .collect();
        let index = Index::new(candidates);
        let queries = include_str!("../../tests/data/register-queries.csv");
        let mut found = 0;
        let mut missed = Vec::new();
        let mut total = 0;
        for record in csv::Reader::from_reader(queries.as_bytes()).records() {
            let f = record.unwrap();
            let l = format!("{f:?}");
            let wanted = Wanted {
                name: f[0].to_string(),
                birth_year: f[1].parse().ok(),
                ..Wanted::default()
            };
            let meant: i32 = f[2].parse().unwrap();
            total += 1;
            if index.suggest(&wanted, 3).iter().any(|s| s.id == meant) {
                found += 1;
            } else {
                missed.push(l);
            }
        }
        eprintln!(
            "register queries: {found} of {total} in the first three ({:.1}%); missed: {missed:?}",
            100.0 * f64::from(found) / f64::from(total)
        );
        assert!(total >= 100);
        assert!(found * 100 >= 95 * total, "{found} of {total}: {missed:?}");
    }
}
