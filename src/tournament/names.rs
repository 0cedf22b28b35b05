//! Names in the order people look for them: the Unicode Collation Algorithm's root order
//! (ICU4X), so that "Aïcha" comes before "Ama" and "Ésinam" among the E's, where the order of
//! code points would put them after "Ama" and after "Zara".

use std::cmp::Ordering;
use std::sync::OnceLock;

use icu_collator::options::CollatorOptions;
use icu_collator::{Collator, CollatorBorrowed};

fn collator() -> &'static CollatorBorrowed<'static> {
    static COLLATOR: OnceLock<CollatorBorrowed<'static>> = OnceLock::new();
    COLLATOR.get_or_init(|| {
        Collator::try_new(Default::default(), CollatorOptions::default())
            .expect("the root collation is compiled in")
    })
}

/// How two names compare as a list of names sorts them.
pub fn compare(a: &str, b: &str) -> Ordering {
    collator().compare(a, b)
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

/// Sorts `items` by the name each one has, as people sort names.
pub fn sort_by_name<T>(items: &mut [T], name: impl Fn(&T) -> &str) {
    let c = collator();
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
        sort_by_name(&mut names, |n| n);
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
