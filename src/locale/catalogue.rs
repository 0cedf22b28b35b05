//! The message files as Fluent bundles, one per language, built once.

use std::borrow::Cow;
use std::collections::BTreeSet;
use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

include!(concat!(env!("OUT_DIR"), "/catalogues.rs"));

/// An argument of a message: a number (which picks plurals) or a text.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    Number(f64),
    Text(String),
}

macro_rules! number_arg {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            fn from(n: $t) -> Arg {
                Arg::Number(n as f64)
            }
        }
        impl From<&$t> for Arg {
            fn from(n: &$t) -> Arg {
                Arg::Number(*n as f64)
            }
        }
    )*};
}
number_arg!(i32, i64, u8, u32, u64, usize, f64);

impl From<&str> for Arg {
    fn from(s: &str) -> Arg {
        Arg::Text(s.to_string())
    }
}

impl From<&&str> for Arg {
    fn from(s: &&str) -> Arg {
        Arg::Text(s.to_string())
    }
}

impl From<String> for Arg {
    fn from(s: String) -> Arg {
        Arg::Text(s)
    }
}

impl From<&String> for Arg {
    fn from(s: &String) -> Arg {
        Arg::Text(s.clone())
    }
}

/// What a template may give a message as an argument, through any number of references.
pub trait ToArg {
    fn to_arg(&self) -> Arg;
}

impl<T: ToArg + ?Sized> ToArg for &T {
    fn to_arg(&self) -> Arg {
        (**self).to_arg()
    }
}

impl ToArg for str {
    fn to_arg(&self) -> Arg {
        Arg::Text(self.to_string())
    }
}

impl ToArg for String {
    fn to_arg(&self) -> Arg {
        Arg::Text(self.clone())
    }
}

impl ToArg for Arg {
    fn to_arg(&self) -> Arg {
        self.clone()
    }
}

macro_rules! number_to_arg {
    ($($t:ty),*) => {$(
        impl ToArg for $t {
            fn to_arg(&self) -> Arg {
                Arg::Number(*self as f64)
            }
        }
    )*};
}
number_to_arg!(i32, i64, u8, u16, u32, u64, usize, f64);

type Bundle = FluentBundle<FluentResource>;

pub(super) fn count() -> usize {
    CATALOGUES.len()
}

pub(super) fn code(index: usize) -> &'static str {
    CATALOGUES[index].0
}

/// Every language's bundle, read once. A file that does not read keeps what of it reads (the
/// test `check_catalogues` fails on it).
fn bundles() -> &'static [Bundle] {
    static BUNDLES: OnceLock<Vec<Bundle>> = OnceLock::new();
    BUNDLES.get_or_init(|| {
        CATALOGUES
            .iter()
            .map(|(code, files)| {
                let id: unic_langid::LanguageIdentifier = code.parse().unwrap_or_default();
                let mut bundle = Bundle::new_concurrent(vec![id]);
                // Names go into sentences as they are: no isolation marks around them.
                bundle.set_use_isolating(false);
                for (_, text) in *files {
                    let resource = match FluentResource::try_new(text.to_string()) {
                        Ok(r) => r,
                        Err((r, _)) => r,
                    };
                    let _ = bundle.add_resource(resource);
                }
                bundle
            })
            .collect()
    })
}

/// Whether English (and so every language) has the message `key`.
pub(super) fn knows(key: &str) -> bool {
    bundles()[0].has_message(key)
}

/// The message `key` of language `index` with `args`; English's when the language lacks it,
/// and the key itself when no language has it.
pub(super) fn format(index: usize, key: &str, args: &[(&str, super::Arg)]) -> String {
    let bundles = bundles();
    let fluent_args = (!args.is_empty()).then(|| {
        let mut a = FluentArgs::new();
        for (name, value) in args {
            match value {
                Arg::Number(n) => a.set(*name, FluentValue::from(*n)),
                Arg::Text(t) => a.set(*name, FluentValue::from(t.as_str())),
            }
        }
        a
    });
    for bundle in [&bundles[index], &bundles[0]] {
        if let Some(pattern) = bundle.get_message(key).and_then(|m| m.value()) {
            let mut errors = Vec::new();
            let text: Cow<str> = bundle.format_pattern(pattern, fluent_args.as_ref(), &mut errors);
            return text.into_owned();
        }
    }
    key.to_string()
}

/// The message keys of a message file.
fn keys(text: &str) -> Result<BTreeSet<String>, String> {
    let resource =
        FluentResource::try_new(text.to_string()).map_err(|(_, errors)| format!("{errors:?}"))?;
    Ok(resource
        .entries()
        .filter_map(|e| match e {
            fluent_syntax::ast::Entry::Message(m) => Some(m.id.name.to_string()),
            _ => None,
        })
        .collect())
}

/// Every message file reads, no key is written twice, and every language has exactly
/// English's keys: the problems, one a line.
pub fn check_catalogues() -> Result<(), Vec<String>> {
    let mut problems = Vec::new();
    let mut sets: Vec<(&str, BTreeSet<String>)> = Vec::new();
    for (code, files) in CATALOGUES {
        let mut all = BTreeSet::new();
        for (file, text) in *files {
            match keys(text) {
                Ok(k) => {
                    for key in k {
                        if !all.insert(key.clone()) {
                            problems.push(format!("{code}/{file}: {key} is written twice"));
                        }
                    }
                }
                Err(e) => problems.push(format!("{code}/{file} does not read: {e}")),
            }
        }
        sets.push((code, all));
    }
    let (_, english) = &sets[0];
    for (code, keys) in &sets[1..] {
        for missing in english.difference(keys) {
            problems.push(format!("{code} lacks {missing}"));
        }
        for extra in keys.difference(english) {
            problems.push(format!("{code} has {extra}, which English lacks"));
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems)
    }
}

/// Every key of the English catalogue (for the test that every key a template names exists).
pub fn english_keys() -> BTreeSet<String> {
    CATALOGUES[0]
        .1
        .iter()
        .filter_map(|(_, text)| keys(text).ok())
        .flatten()
        .collect()
}
