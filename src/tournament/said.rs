//! A sentence for people kept as facts until a page words it: the key of a message in the
//! message files (`locales/<code>/*.ftl`) and its arguments. The service's refusals and the
//! domain's problems are said this way, so that a French page says them in French; their
//! `Display` (for the log and the command line's `--verbose`) names the key and the facts.

use std::fmt;

/// A message of the files, by key, with its arguments.
#[derive(Debug, Clone, PartialEq)]
pub struct Said {
    pub key: &'static str,
    pub args: Vec<(&'static str, Word)>,
}

/// How a caller words a message in the language of a code (`fr`): for the few sentences the
/// service keeps as text (a reason recorded with a result, a refusal shown on a dashboard).
pub type Wording = fn(&str, &Said) -> String;

/// An argument of a message.
#[derive(Debug, Clone, PartialEq)]
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
}

impl Said {
    pub fn new(key: &'static str) -> Said {
        Said {
            key,
            args: Vec::new(),
        }
    }

    /// The message with one more argument.
    pub fn with(mut self, name: &'static str, value: impl Into<Word>) -> Said {
        self.args.push((name, value.into()));
        self
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
        self.key == key
            || self.args.iter().any(|(_, w)| match w {
                Word::Said(s) => s.has_key(key),
                Word::List(list) => list.iter().any(|s| s.has_key(key)),
                _ => false,
            })
    }
}

impl fmt::Display for Said {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key)?;
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
            Word::Said(s) => write!(f, "[{s}]"),
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
