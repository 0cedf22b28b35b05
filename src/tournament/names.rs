//! Names in the order people look for them: the Unicode Collation Algorithm's order for the
//! language of the list (ICU4X, CLDR's tailorings), so that "Aïcha" comes before "Ama" and
//! "Ésinam" among the E's, where the order of code points would put them after "Ama" and after
//! "Zara". English and French sort names alike (CLDR's root order); a language with an order of
//! its own (Swedish puts "Ö" after "Z") gets it.

use std::cmp::Ordering;
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock, PoisonError};

use icu_collator::options::CollatorOptions;
use icu_collator::{Collator, CollatorBorrowed};

fn collator() -> &'static CollatorBorrowed<'static> {
    static COLLATOR: OnceLock<CollatorBorrowed<'static>> = OnceLock::new();
    COLLATOR.get_or_init(|| {
        Collator::try_new(Default::default(), CollatorOptions::default())
            .expect("the root collation is compiled in")
    })
}

/// The collation of `language` (a code: `fr`, `sv`): its own where CLDR has one, the root's
/// otherwise, and for a code that is no language.
fn collator_of(language: &str) -> &'static CollatorBorrowed<'static> {
    static BY_LANGUAGE: OnceLock<Mutex<HashMap<String, &'static CollatorBorrowed<'static>>>> =
        OnceLock::new();
    let mut known = BY_LANGUAGE
        .get_or_init(Mutex::default)
        .lock()
        .unwrap_or_else(PoisonError::into_inner);
    if let Some(c) = known.get(language) {
        return c;
    }
    // One collator per language the service has met (the pages' and the tournaments' codes).
    let c = icu_locale_core::Locale::try_from_str(language)
        .ok()
        .and_then(|l| Collator::try_new(l.into(), CollatorOptions::default()).ok())
        .map_or_else(collator, |c| &*Box::leak(Box::new(c)));
    known.insert(language.to_string(), c);
    c
}

/// How two names compare as a list of names in `language` sorts them.
pub fn compare(language: &str, a: &str, b: &str) -> Ordering {
    collator_of(language).compare(a, b)
}

/// A name as a search compares it: lower case, without accents ("Aïcha" and "aicha" are one).
pub fn folded(name: &str) -> String {
    icu_normalizer::DecomposingNormalizerBorrowed::new_nfd()
        .normalize(name)
        .chars()
        // The combining marks of Latin, Greek and Cyrillic accents.
        .filter(|c| !('\u{300}'..='\u{36f}').contains(c))
        .flat_map(char::to_lowercase)
        .collect()
}

/// Whether `name` holds what someone typed to find it (accents and case aside).
pub fn matches(name: &str, typed: &str) -> bool {
    folded(name).contains(folded(typed.trim()).as_str())
}

/// Sorts `items` by the name each one has, as people who speak `language` sort names.
pub fn sort_by_name<T>(language: &str, items: &mut [T], name: impl Fn(&T) -> &str) {
    let c = collator_of(language);
    items.sort_by(|a, b| c.compare(name(a), name(b)));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accented_names_sort_with_their_letters() {
        let mut names = vec![
            "Zara", "Ama", "Ésinam", "Aïcha", "abena", "Esi", "Kofi", "Émile",
        ];
        sort_by_name("en", &mut names, |n| n);
        assert_eq!(
            names,
            [
                "abena", "Aïcha", "Ama", "Émile", "Esi", "Ésinam", "Kofi", "Zara"
            ]
        );
        // The order of code points, for contrast: every accented capital after "Zara".
        let mut by_code_point = names.clone();
        by_code_point.sort();
        assert_ne!(by_code_point, names);
        // French sorts them as English does.
        let mut french = names.clone();
        french.reverse();
        sort_by_name("fr", &mut french, |n| n);
        assert_eq!(french, names);
    }

    #[test]
    fn a_language_with_an_order_of_its_own_gets_it() {
        // Swedish puts Ö after Z; the root order puts it with the O's.
        assert_eq!(compare("sv", "Östen", "Zara"), Ordering::Greater);
        assert_eq!(compare("en", "Östen", "Zara"), Ordering::Less);
        assert_eq!(compare("fr", "Östen", "Zara"), Ordering::Less);
        // A code that is no language sorts as the root does.
        assert_eq!(compare("zz-not a code", "Östen", "Zara"), Ordering::Less);
    }

    #[test]
    fn a_search_ignores_accents_and_case() {
        assert!(matches("Aïcha Ouédraogo", "aicha"));
        assert!(matches("Aïcha Ouédraogo", "OUEDR"));
        assert!(matches("Abɛna Mensah", "abɛna"));
        assert!(!matches("Ama Owusu", "aicha"));
        assert!(matches("Ama Owusu", "  owusu "));
    }
}
