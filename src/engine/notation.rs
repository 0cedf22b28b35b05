//! Move notations of score sheets: letters, relative digits, absolute numbers, in free-form text
//! with move numbers, `{comments}` and capture claims.

use std::fmt;
use std::str::FromStr;

use super::board::{Pit, Side};

/// How the moves of a list are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Notation {
    /// `A`–`F` for South, `a`–`f` for North.
    Letters,
    /// `1`–`6`, the mover's pit from the mover's left.
    Relative,
    /// `1`–`12` in sowing order.
    Absolute,
}

impl Notation {
    pub fn name(self) -> &'static str {
        match self {
            Notation::Letters => "letters",
            Notation::Relative => "relative",
            Notation::Absolute => "absolute",
        }
    }

    /// Letters if any move is a letter; otherwise absolute if any number is above 6 (North's moves
    /// are 7–12 there); otherwise relative.
    pub fn detect(tokens: &[Token<'_>]) -> Notation {
        let mut above_six = false;
        for token in tokens {
            match token.body {
                Body::Letter(_) => return Notation::Letters,
                Body::Number(n) if n > 6 => above_six = true,
                _ => {}
            }
        }
        if above_six {
            Notation::Absolute
        } else {
            Notation::Relative
        }
    }

    /// The pit a token names when `side` is to move.
    pub fn resolve(self, token: &Token<'_>, side: Side) -> Result<Pit, TokenError> {
        let pit = match (self, token.body) {
            (Notation::Letters, Body::Letter(index)) => pit(usize::from(index)),
            (Notation::Relative, Body::Number(n @ 1..=6)) => {
                pit(side.first_pit() + usize::from(n) - 1)
            }
            (Notation::Absolute, Body::Number(n @ 1..=12)) => pit(usize::from(n) - 1),
            _ => return Err(TokenError::Unknown(self)),
        };
        if pit.owner() != side {
            return Err(TokenError::WrongSide { pit, side });
        }
        Ok(pit)
    }

    /// How `pit` is written in this notation.
    pub fn write(self, pit: Pit) -> String {
        match self {
            Notation::Letters => pit.letter().to_string(),
            Notation::Relative => pit.relative().to_string(),
            Notation::Absolute => pit.absolute().to_string(),
        }
    }
}

fn pit(index: usize) -> Pit {
    Pit::new(index).expect("notation pits are below 12")
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Notation {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "letters" => Ok(Notation::Letters),
            "relative" => Ok(Notation::Relative),
            "absolute" => Ok(Notation::Absolute),
            _ => Err(format!(
                "unknown notation {s:?}: expected letters, relative or absolute"
            )),
        }
    }
}

/// Why a token names no pit for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenError {
    Unknown(Notation),
    WrongSide { pit: Pit, side: Side },
}

/// What a move says it captured.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Claim {
    None,
    /// `x`: captured something.
    Some,
    /// `+N`: captured exactly N seeds.
    Seeds(u8),
}

impl Claim {
    /// Whether `captured` seeds agree with the claim.
    pub fn agrees(self, captured: u8) -> bool {
        match self {
            Claim::None => true,
            Claim::Some => captured > 0,
            Claim::Seeds(n) => n == captured,
        }
    }

    pub fn is_marked(self) -> bool {
        self != Claim::None
    }
}

/// What a token is, before the notation and the side to move give it a pit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Body {
    /// A pit letter, as the pit index (0..11).
    Letter(u8),
    /// A number (1..99).
    Number(u8),
    /// A result mark (`*`, `25-20`): the end of the moves.
    Result,
    /// Anything else.
    Unknown,
}

/// One token of a move list, borrowed from the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token<'a> {
    pub text: &'a str,
    pub body: Body,
    pub claim: Claim,
}

impl Token<'_> {
    pub fn is_move(&self) -> bool {
        matches!(self.body, Body::Letter(_) | Body::Number(_))
    }
}

/// Splits free-form text into tokens: separators are white space and commas; move numbers
/// (`12.`, `12...`) and `{comments}` are dropped. Never fails: what is not understood becomes an
/// `Unknown` token, which the replay reports at its ply.
pub fn tokenize(text: &str) -> Vec<Token<'_>> {
    let mut tokens = Vec::with_capacity(text.len() / 2);
    tokenize_into(text, &mut tokens);
    tokens
}

/// As [`tokenize`], appending to `tokens` (which the caller may reuse).
pub fn tokenize_into<'a>(text: &'a str, tokens: &mut Vec<Token<'a>>) {
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b.is_ascii_whitespace() || b == b',' {
            i += 1;
            continue;
        }
        if b == b'{' {
            // A comment runs to the closing brace (or to the end of an unclosed one).
            i = match bytes[i..].iter().position(|&c| c == b'}') {
                Some(close) => i + close + 1,
                None => bytes.len(),
            };
            continue;
        }
        let start = i;
        while i < bytes.len()
            && !bytes[i].is_ascii_whitespace()
            && bytes[i] != b','
            && bytes[i] != b'{'
        {
            i += 1;
        }
        // Non-ASCII text inside a word stays in the word; cut only at ASCII boundaries.
        let word = &text[start..i];
        push_word(word, tokens);
    }
}

fn push_word<'a>(word: &'a str, tokens: &mut Vec<Token<'a>>) {
    let bytes = word.as_bytes();
    // A move number: digits followed by one or more dots, possibly glued to the move ("12.F").
    let digits = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
    if digits > 0 && bytes.get(digits) == Some(&b'.') {
        let dots = bytes[digits..].iter().take_while(|&&b| b == b'.').count();
        let rest = &word[digits + dots..];
        if !rest.is_empty() {
            push_word(rest, tokens);
        }
        return;
    }
    tokens.push(classify(word));
}

fn classify(word: &str) -> Token<'_> {
    let unknown = Token {
        text: word,
        body: Body::Unknown,
        claim: Claim::None,
    };
    let bytes = word.as_bytes();
    if word == "*" || is_result(bytes) {
        return Token {
            text: word,
            body: Body::Result,
            claim: Claim::None,
        };
    }
    let (body, rest) = match bytes.first() {
        Some(&b @ b'A'..=b'F') => (Body::Letter(b - b'A'), &bytes[1..]),
        Some(&b @ b'a'..=b'f') => (Body::Letter(b - b'a' + 6), &bytes[1..]),
        Some(b) if b.is_ascii_digit() => {
            let digits = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
            if digits > 2 {
                return unknown;
            }
            let n = bytes[..digits]
                .iter()
                .fold(0u8, |n, &d| n * 10 + (d - b'0'));
            (Body::Number(n), &bytes[digits..])
        }
        _ => return unknown,
    };
    let claim = match rest {
        [] => Claim::None,
        [b'x' | b'X'] => Claim::Some,
        [b'+', digits @ ..]
            if (1..=2).contains(&digits.len()) && digits.iter().all(u8::is_ascii_digit) =>
        {
            Claim::Seeds(digits.iter().fold(0u8, |n, &d| n * 10 + (d - b'0')))
        }
        _ => return unknown,
    };
    Token {
        text: word,
        body,
        claim,
    }
}

/// `25-20`, `24-24`: seeds as a game's result.
fn is_result(bytes: &[u8]) -> bool {
    let Some(dash) = bytes.iter().position(|&b| b == b'-') else {
        return false;
    };
    let (left, right) = (&bytes[..dash], &bytes[dash + 1..]);
    !left.is_empty()
        && !right.is_empty()
        && left.len() <= 2
        && right.len() <= 2
        && left.iter().all(u8::is_ascii_digit)
        && right.iter().all(u8::is_ascii_digit)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bodies(text: &str) -> Vec<(String, Body, Claim)> {
        tokenize(text)
            .into_iter()
            .map(|t| (t.text.to_string(), t.body, t.claim))
            .collect()
    }

    #[test]
    fn move_numbers_and_comments_are_dropped() {
        let tokens = bodies("1. F f 2. B+2 {a good one, with a comma} c\n3.Dx 3... e,12...A");
        let texts: Vec<&str> = tokens.iter().map(|t| t.0.as_str()).collect();
        assert_eq!(texts, ["F", "f", "B+2", "c", "Dx", "e", "A"]);
        assert_eq!(tokens[2].2, Claim::Seeds(2));
        assert_eq!(tokens[4].2, Claim::Some);
        assert_eq!(tokens[0].1, Body::Letter(5));
        assert_eq!(tokens[1].1, Body::Letter(11));
    }

    #[test]
    fn unknown_tokens_are_kept() {
        let tokens = bodies("G 123 Dy B+ 7x 10+3 25-20 *");
        let kinds: Vec<Body> = tokens.iter().map(|t| t.1).collect();
        assert_eq!(
            kinds,
            [
                Body::Unknown,
                Body::Unknown,
                Body::Unknown,
                Body::Unknown,
                Body::Number(7),
                Body::Number(10),
                Body::Result,
                Body::Result
            ]
        );
    }

    #[test]
    fn detection() {
        assert_eq!(Notation::detect(&tokenize("C 3 f")), Notation::Letters);
        assert_eq!(Notation::detect(&tokenize("3 10 2")), Notation::Absolute);
        assert_eq!(Notation::detect(&tokenize("3 4 2")), Notation::Relative);
    }

    #[test]
    fn resolve_checks_the_side() {
        let t = tokenize("a 3 9");
        assert_eq!(
            Notation::Letters
                .resolve(&t[0], Side::North)
                .unwrap()
                .letter(),
            'a'
        );
        assert!(matches!(
            Notation::Letters.resolve(&t[0], Side::South),
            Err(TokenError::WrongSide { .. })
        ));
        assert_eq!(
            Notation::Relative
                .resolve(&t[1], Side::North)
                .unwrap()
                .letter(),
            'c'
        );
        assert_eq!(
            Notation::Absolute
                .resolve(&t[2], Side::North)
                .unwrap()
                .letter(),
            'c'
        );
        assert!(matches!(
            Notation::Relative.resolve(&t[2], Side::North),
            Err(TokenError::Unknown(_))
        ));
    }
}
