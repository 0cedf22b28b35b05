//! A sentence for people kept as facts until a page words it: the key of a message in the
//! message files (`locales/<code>/*.ftl`) and its arguments. The service's refusals and the
//! domain's problems are said this way, so that a French page says them in French; their
//! `Display` (for the log and the command line's `--verbose`) names the key and the facts.

use std::borrow::Cow;
use std::fmt;

use serde::{Deserialize, Serialize};

/// A message of the files, by key, with its arguments.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Said {
    pub key: Cow<'static, str>,
    pub args: Vec<(Cow<'static, str>, Word)>,
}

/// An argument of a message.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Word {
    /// A number, written as the page's language writes it (and choosing its plurals).
    Number(f64),
    /// Text as it is: a name, a notation, what was typed.
    Text(String),
    /// Another message, worded first.
    Said(Box<Said>),
    /// Several messages, worded and listed.
    List(Vec<Said>),
    /// A ply of a move list, numbered as the paper sheet numbers its moves.
    Move(u32),
    /// What the engine found wrong with a move list.
    Detail(Box<crate::engine::Detail>),
    /// Changes to a move list that would mend it, all of them together.
    Edits(Vec<crate::engine::repair::Edit>),
    /// A message another service sent (a hub's refusal): its facts, worded here when every
    /// key of it is known here, else its words as that service sent them.
    Sent { said: Box<Said>, words: String },
}

impl Said {
    pub fn new(key: &'static str) -> Said {
        Said {
            key: Cow::Borrowed(key),
            args: Vec::new(),
        }
    }

    /// The message with one more argument.
    pub fn with(mut self, name: &'static str, value: impl Into<Word>) -> Said {
        self.args.push((Cow::Borrowed(name), value.into()));
        self
    }

    /// What was read, when neither the reading before it (`earlier`) nor it found a problem;
    /// else every problem found, the earlier first.
    pub fn or_problems<T>(
        mut earlier: Vec<Said>,
        read: Result<T, Vec<Said>>,
    ) -> Result<T, Vec<Said>> {
        match read {
            Ok(value) if earlier.is_empty() => Ok(value),
            Ok(_) => Err(earlier),
            Err(more) => {
                earlier.extend(more);
                Err(earlier)
            }
        }
    }

    /// Several problems said as one ("…; …"), or the one itself when there is one.
    pub fn all(mut problems: Vec<Said>) -> Said {
        if problems.len() == 1 {
            return problems.remove(0);
        }
        Said::new("problems").with("list", Word::List(problems))
    }

    /// The argument called `name`.
    pub fn arg(&self, name: &str) -> Option<&Word> {
        self.args.iter().find(|(n, _)| *n == name).map(|(_, w)| w)
    }

    /// Whether this message, or one inside it, has the key `key` (for tests and for choosing
    /// what to do with a refusal).
    pub fn has_key(&self, key: &str) -> bool {
        !self.all_keys(&mut |k| k != key)
    }

    /// Whether `keep` holds for the key of this message and of every message inside it.
    pub fn all_keys(&self, keep: &mut impl FnMut(&str) -> bool) -> bool {
        keep(&self.key)
            && self.args.iter().all(|(_, w)| match w {
                Word::Said(s) | Word::Sent { said: s, .. } => s.all_keys(keep),
                Word::List(list) => list.iter().all(|s| s.all_keys(keep)),
                _ => true,
            })
    }
}

/// A sentence as the database keeps it (a refused sheet's reason, an adjudication's reason, a
/// hub's problem): the facts, worded when a page shows them, in the reader's language; or, in
/// rows written before the facts were kept, the sentence as it was written then (or as staff
/// typed it), shown as it is.
#[derive(Debug, Clone, PartialEq)]
pub enum Kept {
    Said(Said),
    Text(String),
}

/// The stored form of kept facts: `{"said": …}`, which no sentence written before has.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Stored<'a> {
    said: Cow<'a, Said>,
}

impl Said {
    /// The facts as the database keeps them (read back by [`Kept::read`]).
    pub fn to_stored(&self) -> String {
        serde_json::to_string(&Stored {
            said: Cow::Borrowed(self),
        })
        .expect("a message is always written as JSON")
    }
}

impl Kept {
    /// What a stored column holds: the facts, or a sentence as it was written.
    pub fn read(stored: &str) -> Kept {
        match serde_json::from_str::<Stored>(stored) {
            Ok(kept) => Kept::Said(kept.said.into_owned()),
            Err(_) => Kept::Text(stored.to_string()),
        }
    }
}

impl fmt::Display for Said {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.key)?;
        if self.args.is_empty() {
            return Ok(());
        }
        f.write_str(" (")?;
        for (i, (name, word)) in self.args.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{name}: {word}")?;
        }
        f.write_str(")")
    }
}

impl fmt::Display for Word {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Word::Number(n) => write!(f, "{n}"),
            Word::Text(t) => write!(f, "{t:?}"),
            Word::Said(s) | Word::Sent { said: s, .. } => write!(f, "[{s}]"),
            Word::Move(ply) => write!(f, "ply {ply}"),
            Word::Detail(d) => write!(f, "{d}"),
            Word::Edits(edits) => {
                let words: Vec<String> = edits.iter().map(|e| e.words()).collect();
                write!(f, "{}", words.join(" and "))
            }
            Word::List(list) => {
                f.write_str("[")?;
                for (i, s) in list.iter().enumerate() {
                    if i > 0 {
                        f.write_str("; ")?;
                    }
                    write!(f, "{s}")?;
                }
                f.write_str("]")
            }
        }
    }
}

macro_rules! number_word {
    ($($t:ty),*) => {$(
        impl From<$t> for Word {
            fn from(n: $t) -> Word {
                Word::Number(n as f64)
            }
        }
        impl From<&$t> for Word {
            fn from(n: &$t) -> Word {
                Word::Number(*n as f64)
            }
        }
    )*};
}

number_word!(u8, u16, u32, u64, usize, i8, i16, i32, i64, f64);

impl From<&str> for Word {
    fn from(t: &str) -> Word {
        Word::Text(t.to_string())
    }
}

impl From<String> for Word {
    fn from(t: String) -> Word {
        Word::Text(t)
    }
}

impl From<&String> for Word {
    fn from(t: &String) -> Word {
        Word::Text(t.clone())
    }
}

impl From<Said> for Word {
    fn from(s: Said) -> Word {
        Word::Said(Box::new(s))
    }
}

impl From<Vec<Said>> for Word {
    fn from(list: Vec<Said>) -> Word {
        Word::List(list)
    }
}

/// `said!(KEY, name = value, other)`: the message KEY with its arguments (a name alone
/// passes the variable of that name).
#[macro_export]
macro_rules! said {
    ($key:literal $(,)?) => {
        $crate::tournament::said::Said::new($key)
    };
    ($key:literal, $($name:ident $(= $value:expr)?),+ $(,)?) => {
        $crate::tournament::said::Said::new($key)
            $(.with(stringify!($name), $crate::said!(@value $name $(, $value)?)))+
    };
    (@value $name:ident) => { $name };
    (@value $name:ident, $value:expr) => { $value };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kept_facts_read_back_as_they_were_and_older_sentences_as_written() {
        let detail = crate::engine::Detail::WrongClaim {
            claimed: Some(3),
            pit: crate::engine::Pit::new(7).unwrap(),
            captured: 0,
            grand_slam: false,
        };
        let edit = crate::engine::repair::Edit {
            ply: 4,
            kind: crate::engine::repair::EditKind::Swap,
            was: Some("c".into()),
            now: None,
        };
        let inner = said!("seeds-range", seeds = 49);
        let s = said!(
            "diagnostic",
            at = Word::Move(7),
            token = "d3",
            detail = Word::Detail(Box::new(detail)),
            why = inner.clone(),
            list = vec![inner.clone(), said!("no-such", what = "player")],
            mend = Word::Edits(vec![edit]),
            share = 0.5
        );
        let stored = s.to_stored();
        assert_eq!(Kept::read(&stored), Kept::Said(s.clone()), "{stored}");
        // Sentences written before, or typed by staff, are kept as they are, even JSON-like.
        for text in [
            "adjudged a draw",
            "",
            "{\"said\": 3}",
            "{\"key\":\"x\",\"args\":[]}",
        ] {
            assert_eq!(Kept::read(text), Kept::Text(text.to_string()));
        }
    }

    #[test]
    fn a_message_keeps_its_facts() {
        let round = 3;
        let s = said!("round-closed", round, name = "Ama".to_string());
        assert_eq!(s.key, "round-closed");
        assert_eq!(s.arg("round"), Some(&Word::Number(3.0)));
        assert_eq!(s.arg("name"), Some(&Word::Text("Ama".into())));
        assert_eq!(s.to_string(), "round-closed (round: 3, name: \"Ama\")");
        let both = Said::all(vec![s.clone(), said!("seeds-range")]);
        assert!(both.has_key("seeds-range") && both.has_key("round-closed"));
        assert_eq!(Said::all(vec![s.clone()]), s);
    }
}
