//! OGN records: PGN-like `[Tag "value"]` lines followed by movetext (`1. F f 2. B+2 c`), several
//! games to a file.
//!
//! Tags read: `Variant` (a rule preset), `FEN` (the start, as a position string), `Result`
//! (seeds as `"25-20"`, or `"*"`), `End` (how the game ended, as `natural`, `agreement`,
//! `resignation:south`, `time:north`; `natural` when absent). Other tags (`Event`, `Site`,
//! `Date`, `Round`, `South`, `North`, ...) are kept as they are.

use std::fmt::{self, Write as _};

use super::board::{Position, PositionError, Side};
use super::replay::{Declared, DeclaredEnd, Replay};
use super::rules::{Preset, Rules};

/// One game of an OGN file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OgnGame {
    pub tags: Vec<(String, String)>,
    pub movetext: String,
    /// The line of the file where the game starts (1-based).
    pub line: usize,
}

/// A line of an OGN file that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {problem}")]
pub struct OgnError {
    pub line: usize,
    pub problem: OgnProblem,
}

/// What is wrong with a tag of an OGN record (its `Display` is English, for the command line;
/// pages word it from its facts).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OgnProblem {
    #[error("a tag line must end with ']': {0:?}")]
    TagEnd(String),
    #[error("a tag needs a name: {0:?}")]
    TagName(String),
    #[error("the value of tag {0} must be in double quotes")]
    Unquoted(String),
    #[error("bad escape in the value of tag {0}")]
    BadEscape(String),
    #[error("the value of tag {0} has no closing quote")]
    NoClosingQuote(String),
    #[error("text after the value of tag {0}")]
    TextAfter(String),
    #[error("FEN tag: {0}")]
    Fen(PositionError),
    #[error(
        "End tag {0:?}: expected natural, agreement, resignation:south|north or time:south|north"
    )]
    End(String),
    #[error("Result tag {0:?}: expected the seeds of South and North, such as \"25-20\", or \"*\"")]
    Result(String),
}

/// Whether `text` looks like OGN (a tag line before any movetext).
pub fn is_ogn(text: &str) -> bool {
    text.lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .is_some_and(|l| l.starts_with('['))
}

/// Reads every game of an OGN file; the first line that cannot be read fails the whole file.
pub fn parse(text: &str) -> Result<Vec<OgnGame>, OgnError> {
    parse_each(text).into_iter().collect()
}

/// Reads every game of an OGN file, each on its own: a tag line that cannot be read makes its
/// game an error (the lines up to the next game's tags belong to it), and the games after it are
/// read as usual.
pub fn parse_each(text: &str) -> Vec<Result<OgnGame, OgnError>> {
    let mut games = Vec::new();
    let mut current: Option<(OgnGame, Option<OgnError>)> = None;
    let finish = |current: Option<(OgnGame, Option<OgnError>)>| {
        current.map(|(game, error)| match error {
            Some(e) => Err(e),
            None => Ok(game),
        })
    };
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let trimmed = raw.trim();
        let start = || {
            (
                OgnGame {
                    line,
                    ..OgnGame::default()
                },
                None,
            )
        };
        if trimmed.starts_with('[') {
            // A tag after movetext starts the next game.
            if current
                .as_ref()
                .is_some_and(|(g, _)| !g.movetext.trim().is_empty())
            {
                games.extend(finish(current.take()));
            }
            let (game, error) = current.get_or_insert_with(start);
            match parse_tag(trimmed) {
                Ok(tag) => game.tags.push(tag),
                Err(problem) => {
                    error.get_or_insert(OgnError { line, problem });
                }
            }
        } else if !trimmed.is_empty() {
            let (game, _) = current.get_or_insert_with(start);
            if !game.movetext.is_empty() {
                game.movetext.push('\n');
            }
            game.movetext.push_str(trimmed);
        }
    }
    games.extend(finish(current));
    games
}

fn parse_tag(line: &str) -> Result<(String, String), OgnProblem> {
    let inner = line
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .ok_or_else(|| OgnProblem::TagEnd(line.to_string()))?;
    let name_len = inner
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(inner.len());
    let name = &inner[..name_len];
    if name.is_empty() {
        return Err(OgnProblem::TagName(line.to_string()));
    }
    let rest = inner[name_len..].trim_start();
    let quoted = rest
        .strip_prefix('"')
        .ok_or_else(|| OgnProblem::Unquoted(name.to_string()))?;
    let mut value = String::new();
    let mut chars = quoted.chars();
    loop {
        match chars.next() {
            Some('\\') => match chars.next() {
                Some(c @ ('"' | '\\')) => value.push(c),
                _ => return Err(OgnProblem::BadEscape(name.to_string())),
            },
            Some('"') => break,
            Some(c) => value.push(c),
            None => return Err(OgnProblem::NoClosingQuote(name.to_string())),
        }
    }
    if !chars.as_str().trim().is_empty() {
        return Err(OgnProblem::TextAfter(name.to_string()));
    }
    Ok((name.to_string(), value))
}

impl OgnGame {
    /// A tag's value (names compare without case).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// A tag's value when it says something: empty and `?` (how Aualé writes a value it does
    /// not know) count as no value.
    fn known(&self, name: &str) -> Option<&str> {
        self.tag(name)
            .map(str::trim)
            .filter(|v| !v.is_empty() && *v != "?")
    }

    /// Sets a tag, replacing an earlier value.
    pub fn set_tag(&mut self, name: &str, value: impl Into<String>) {
        let value = value.into();
        match self
            .tags
            .iter_mut()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
        {
            Some(tag) => tag.1 = value,
            None => self.tags.push((name.to_string(), value)),
        }
    }

    /// The rules named by the `Variant` tag (a preset, or the name a common Oware program
    /// writes, such as Aualé's "Oware Abapa"), else `default`.
    pub fn rules(&self, default: &Rules) -> Result<Rules, String> {
        match self.known("Variant") {
            Some(v) => Preset::from_variant(v)
                .map(Preset::rules)
                .map_err(|e| e.to_string()),
            None => Ok(default.clone()),
        }
    }

    /// The start: the `FEN` tag, else the usual start.
    pub fn start(&self) -> Result<Position, OgnProblem> {
        match self.known("FEN") {
            Some(fen) => fen.parse().map_err(OgnProblem::Fen),
            None => Ok(Position::start()),
        }
    }

    /// How the game ended: the `End` tag, else natural.
    pub fn end(&self) -> Result<DeclaredEnd, OgnProblem> {
        self.known("End").map_or(Ok(DeclaredEnd::Natural), |e| {
            e.parse().map_err(|_| OgnProblem::End(e.to_string()))
        })
    }

    /// The declared seeds of the `Result` tag; nothing for `*`, `?` or no tag.
    pub fn declared(&self) -> Result<Declared, OgnProblem> {
        let Some(result) = self.known("Result") else {
            return Ok(Declared::default());
        };
        if result == "*" {
            return Ok(Declared::default());
        }
        let parsed = result
            .split_once('-')
            .and_then(|(s, n)| Some([s.trim().parse::<u8>().ok()?, n.trim().parse::<u8>().ok()?]));
        let Some(stores) = parsed.filter(|s| u32::from(s[0]) + u32::from(s[1]) <= 48) else {
            return Err(OgnProblem::Result(result.to_string()));
        };
        // The tag declares seeds only: the winner follows from the moves and the End tag (a
        // resignation, a loss on time or a losing grand slam is not decided by the seeds).
        Ok(Declared {
            winner: None,
            stores: Some(stores),
        })
    }

    /// A record of a replayed game: `tags` first (Variant, FEN, Result and End are set from the
    /// replay), then the movetext in letters with every capture marked `+N`.
    pub fn from_replay(replay: &Replay, tags: &[(String, String)], end: DeclaredEnd) -> OgnGame {
        OgnGame::from_replay_with(replay, tags, end, &[])
    }

    /// [`OgnGame::from_replay`] with a comment after some plies (`{…}`, which readers skip):
    /// `comments` pairs a ply (1-based) with its text.
    pub fn from_replay_with(
        replay: &Replay,
        tags: &[(String, String)],
        end: DeclaredEnd,
        comments: &[(u32, String)],
    ) -> OgnGame {
        let mut game = OgnGame {
            tags: tags.to_vec(),
            movetext: String::new(),
            line: 1,
        };
        game.set_tag("Variant", replay.rules.name());
        if replay.start != Position::start() {
            game.set_tag("FEN", replay.start.to_string());
        }
        let result = match replay.outcome {
            Some(o) => format!("{}-{}", o.stores[0], o.stores[1]),
            None => "*".to_string(),
        };
        game.set_tag("Result", result.clone());
        if end != DeclaredEnd::Natural {
            game.set_tag("End", end.to_string());
        }
        let mut text = moves_commented(replay, comments);
        if !text.is_empty() {
            text.push(' ');
        }
        text.push_str(&result);
        game.movetext = wrap(&text, 80);
        game
    }
}

/// The moves of a replayed game on one line, in letters with every capture marked `+N` and
/// numbered as a paper sheet numbers them (`1. F f+2 2. B`), without a result mark.
pub fn moves_of(replay: &Replay) -> String {
    moves_commented(replay, &[])
}

fn moves_commented(replay: &Replay, comments: &[(u32, String)]) -> String {
    let mut text = String::new();
    let mut move_number = 1;
    for (i, ply) in replay.plies.iter().enumerate() {
        let side = ply.played.side;
        if i > 0 {
            text.push(' ');
        }
        if side == Side::South {
            let _ = write!(text, "{move_number}. ");
        } else if i == 0 {
            let _ = write!(text, "{move_number}... ");
        }
        text.push(ply.played.mv.pit.letter());
        let captured = ply.played.captured_by_mover();
        if captured > 0 {
            let _ = write!(text, "+{captured}");
        }
        for (_, comment) in comments.iter().filter(|(p, _)| *p == ply.number) {
            let clean: String = comment
                .chars()
                .map(|c| if c == '{' || c == '}' { ' ' } else { c })
                .collect();
            let _ = write!(text, " {{{clean}}}");
        }
        if side == Side::North {
            move_number += 1;
        }
    }
    text
}

/// Breaks `text` at spaces into lines of at most `width` characters.
fn wrap(text: &str, width: usize) -> String {
    let mut out = String::with_capacity(text.len());
    let mut line_len = 0;
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        if line_len > 0 && line_len + 1 + word.len() > width {
            out.push('\n');
            line_len = 0;
        } else if line_len > 0 {
            out.push(' ');
            line_len += 1;
        }
        out.push_str(word);
        line_len += word.len();
    }
    out
}

impl fmt::Display for OgnGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (name, value) in &self.tags {
            let escaped: String = value
                .chars()
                .map(|c| if c.is_control() { ' ' } else { c })
                .collect::<String>()
                .replace('\\', "\\\\")
                .replace('"', "\\\"");
            writeln!(f, "[{name} \"{escaped}\"]")?;
        }
        if !self.tags.is_empty() {
            writeln!(f)?;
        }
        writeln!(f, "{}", self.movetext)
    }
}

/// Writes several games as one OGN file, a blank line between games.
pub fn write_all(games: &[OgnGame]) -> String {
    games
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::replay::replay;

    const TWO_GAMES: &str = r#"[Event "Club night"]
[South "Ama \"the sower\""]
[North "Kofi"]
[Result "*"]

1. C f 2. B {a comment} a
3. D

[Event "Club night"]
[Variant "tournament"]
[FEN "0-0-0-0-0-12-1-4-4-4-4-4-7-8-S"]
1. Fx *
"#;

    #[test]
    fn several_games_with_tags() {
        let games = parse(TWO_GAMES).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].tag("south"), Some("Ama \"the sower\""));
        assert_eq!(games[0].movetext, "1. C f 2. B {a comment} a\n3. D");
        assert_eq!(games[1].line, 9);
        assert_eq!(
            games[1].rules(&Rules::abapa()).unwrap(),
            Rules::tournament()
        );
        assert_eq!(
            games[1].start().unwrap().to_string(),
            "0-0-0-0-0-12-1-4-4-4-4-4-7-8-S"
        );
        assert!(is_ogn(TWO_GAMES));
        assert!(!is_ogn("C f B"));
    }

    #[test]
    fn bad_tags_name_their_line() {
        let err = parse("[Event \"x\"]\n[Site unquoted]\n").unwrap_err();
        assert_eq!(err.line, 2);
        assert!(parse("[Event \"open").is_err());
    }

    #[test]
    fn writes_back_what_it_reads() {
        let games = parse(TWO_GAMES).unwrap();
        let again = parse(&write_all(&games)).unwrap();
        assert_eq!(
            games
                .iter()
                .map(|g| (&g.tags, &g.movetext))
                .collect::<Vec<_>>(),
            again
                .iter()
                .map(|g| (&g.tags, &g.movetext))
                .collect::<Vec<_>>()
        );
    }

    #[test]
    fn from_replay_marks_captures() {
        let start: Position = "0-0-0-0-0-12-1-4-4-4-4-4-7-8-S".parse().unwrap();
        let r = replay("F", &Rules::abapa(), start, None, DeclaredEnd::Natural).unwrap();
        let game =
            OgnGame::from_replay(&r, &[("South".into(), "Ama".into())], DeclaredEnd::Natural);
        assert_eq!(game.movetext, "1. F+3 *");
        assert_eq!(game.tag("FEN"), Some("0-0-0-0-0-12-1-4-4-4-4-4-7-8-S"));
        assert_eq!(game.tag("Variant"), Some("abapa"));
    }

    #[test]
    fn result_tag() {
        let mut g = OgnGame::default();
        g.set_tag("Result", "25-20");
        assert_eq!(
            g.declared().unwrap(),
            Declared {
                winner: None,
                stores: Some([25, 20])
            }
        );
        g.set_tag("Result", "1-0-0");
        assert!(g.declared().is_err());
        g.set_tag("Result", "*");
        assert_eq!(g.declared().unwrap(), Declared::default());
    }
}
