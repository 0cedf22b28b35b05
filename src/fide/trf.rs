//! FIDE's Tournament Report File (TRF, the 2016 layout and the 2026 codes): what chess tools read
//! and write, so that a controller can check a tournament's pairings and standings with them.
//!
//! A file is a list of lines, each opened by a three-character code. The ones read here:
//! `012` the tournament's name, `022` the city, `032` the federation, `042`/`052` the dates,
//! `092` the pairing system, `142` (or `XXR`) the planned number of rounds, `162` the points of
//! each result, `202` the tie-breaks, and `001`, a player with one ten-column cell per round:
//! opponent, colour, result. Other lines (`###` comments among them) are kept as they are.
//! Lines end with CR, LF or both. "White" is South, the player who moves first.

use std::fmt::Write as _;

/// The side a player had in a round: white is South, who moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Colour {
    White,
    Black,
}

impl Colour {
    pub fn other(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

/// What a player got in a round, by its TRF code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// `1`, `=`, `0`: a game played and rated.
    Win,
    Draw,
    Loss,
    /// `W`, `D`, `L`: a game played, not rated.
    UnratedWin,
    UnratedDraw,
    UnratedLoss,
    /// `+`, `-`: a forfeit won or lost (the opponent did not come, or the player did not).
    ForfeitWin,
    ForfeitLoss,
    /// `U`: the bye the pairing gave (a full point unless the tournament says otherwise).
    PairingBye,
    /// `F`, `H`, `Z`: byes the player asked for: full point, half point, zero.
    FullBye,
    HalfBye,
    ZeroBye,
    /// A blank: not paired (absent, withdrawn) or not yet played.
    Absent,
}

impl Outcome {
    pub fn code(self) -> char {
        match self {
            Outcome::Win => '1',
            Outcome::Draw => '=',
            Outcome::Loss => '0',
            Outcome::UnratedWin => 'W',
            Outcome::UnratedDraw => 'D',
            Outcome::UnratedLoss => 'L',
            Outcome::ForfeitWin => '+',
            Outcome::ForfeitLoss => '-',
            Outcome::PairingBye => 'U',
            Outcome::FullBye => 'F',
            Outcome::HalfBye => 'H',
            Outcome::ZeroBye => 'Z',
            Outcome::Absent => ' ',
        }
    }

    fn from_code(c: char) -> Option<Outcome> {
        Some(match c {
            '1' => Outcome::Win,
            '=' => Outcome::Draw,
            '0' => Outcome::Loss,
            'W' | 'w' => Outcome::UnratedWin,
            'D' | 'd' => Outcome::UnratedDraw,
            'L' | 'l' => Outcome::UnratedLoss,
            '+' => Outcome::ForfeitWin,
            '-' => Outcome::ForfeitLoss,
            'U' | 'u' => Outcome::PairingBye,
            'F' | 'f' => Outcome::FullBye,
            'H' | 'h' => Outcome::HalfBye,
            'Z' | 'z' => Outcome::ZeroBye,
            ' ' => Outcome::Absent,
            _ => return None,
        })
    }

    /// Whether the game was played over the board.
    pub fn played(self) -> bool {
        matches!(
            self,
            Outcome::Win
                | Outcome::Draw
                | Outcome::Loss
                | Outcome::UnratedWin
                | Outcome::UnratedDraw
                | Outcome::UnratedLoss
        )
    }

    /// Whether the outcome needs an opponent (a game or a forfeit).
    pub fn has_opponent(self) -> bool {
        self.played() || matches!(self, Outcome::ForfeitWin | Outcome::ForfeitLoss)
    }

    /// Points, in half points, with a win worth two.
    pub fn half_points(self) -> u32 {
        match self {
            Outcome::Win
            | Outcome::UnratedWin
            | Outcome::ForfeitWin
            | Outcome::PairingBye
            | Outcome::FullBye => 2,
            Outcome::Draw | Outcome::UnratedDraw | Outcome::HalfBye => 1,
            Outcome::Loss
            | Outcome::UnratedLoss
            | Outcome::ForfeitLoss
            | Outcome::ZeroBye
            | Outcome::Absent => 0,
        }
    }

    /// The opponent's outcome of the same game.
    pub fn reversed(self) -> Option<Outcome> {
        Some(match self {
            Outcome::Win => Outcome::Loss,
            Outcome::Draw => Outcome::Draw,
            Outcome::Loss => Outcome::Win,
            Outcome::UnratedWin => Outcome::UnratedLoss,
            Outcome::UnratedDraw => Outcome::UnratedDraw,
            Outcome::UnratedLoss => Outcome::UnratedWin,
            Outcome::ForfeitWin => Outcome::ForfeitLoss,
            Outcome::ForfeitLoss => Outcome::ForfeitWin,
            _ => return None,
        })
    }
}

/// What each outcome is worth (line `162`); by default C.07's: a win (played, by forfeit, or a
/// full-point bye) 1, a draw or half-point bye ½, a loss 0, the pairing-allocated bye as a win.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scoring {
    pub win: f64,
    pub draw: f64,
    /// A game lost, over the board or by forfeit.
    pub loss: f64,
    /// The pairing-allocated bye.
    pub bye: f64,
}

impl Default for Scoring {
    fn default() -> Self {
        Scoring {
            win: 1.0,
            draw: 0.5,
            loss: 0.0,
            bye: 1.0,
        }
    }
}

impl Scoring {
    pub fn points(&self, outcome: Outcome) -> f64 {
        match outcome {
            Outcome::Win | Outcome::UnratedWin | Outcome::ForfeitWin | Outcome::FullBye => self.win,
            Outcome::Draw | Outcome::UnratedDraw | Outcome::HalfBye => self.draw,
            Outcome::Loss | Outcome::UnratedLoss | Outcome::ForfeitLoss => self.loss,
            Outcome::PairingBye => self.bye,
            Outcome::ZeroBye | Outcome::Absent => 0.0,
        }
    }

    /// Line `162` (TRF-26): each result's code at column 6, 15, 24, … and its points in the
    /// four columns after it; `W` win, `D` draw, `L` loss, `P` the pairing-allocated bye.
    fn line(&self) -> String {
        let mut line = String::from("162");
        for (i, (code, points)) in [
            ('W', self.win),
            ('D', self.draw),
            ('L', self.loss),
            ('P', self.bye),
        ]
        .into_iter()
        .enumerate()
        {
            let column = 6 + 9 * i;
            while line.len() < column - 1 {
                line.push(' ');
            }
            let _ = write!(line, "{code}{points:>4.1}");
        }
        line
    }

    /// Reads line `162`: codes each followed by their points (`W 1.0`, `W11.5`). A code not
    /// given keeps its default; `P` defaults to what `W` is worth. An absence (`A`: a
    /// zero-point bye; C.07 also counts a forfeit lost as one) is read only when worth 0, and
    /// `X` (a result unknown) is not used here.
    fn read(text: &str, line: usize) -> Result<Scoring, TrfError> {
        let mut scoring = Scoring::default();
        let mut bye = None;
        let mut tokens = text.split_whitespace().peekable();
        while let Some(token) = tokens.next() {
            let mut chars = token.chars();
            let code = chars.next().map(|c| c.to_ascii_uppercase());
            let glued: String = chars.collect();
            let value = if glued.is_empty() {
                tokens.next().unwrap_or_default().to_string()
            } else {
                glued
            };
            let points: f64 = value
                .parse()
                .ok()
                .filter(|p: &f64| p.is_finite() && *p >= 0.0)
                .ok_or_else(|| error(line, TrfProblem::ScoringPoints(value.clone())))?;
            match code {
                Some('W') => scoring.win = points,
                Some('D') => scoring.draw = points,
                Some('L') => scoring.loss = points,
                Some('P') => bye = Some(points),
                Some('A') if points == 0.0 => {}
                Some('A') => {
                    return Err(error(line, TrfProblem::ScoringAbsence));
                }
                Some('X') => {}
                _ => {
                    return Err(error(line, TrfProblem::ScoringCode(token.to_string())));
                }
            }
        }
        scoring.bye = bye.unwrap_or(scoring.win);
        Ok(scoring)
    }
}

/// One round of a player: the opponent's starting number (none for a bye or an absence), the
/// colour, and the outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cell {
    pub opponent: Option<u32>,
    pub colour: Option<Colour>,
    pub outcome: Outcome,
}

impl Cell {
    pub const ABSENT: Cell = Cell {
        opponent: None,
        colour: None,
        outcome: Outcome::Absent,
    };
}

/// A player's line.
#[derive(Clone, Debug, PartialEq)]
pub struct Player {
    /// The starting (pairing) number.
    pub number: u32,
    pub sex: String,
    pub title: String,
    pub name: String,
    /// 0 when unrated.
    pub rating: u32,
    pub federation: String,
    pub fide_id: String,
    pub birth: String,
    /// The points the file states (in half points).
    pub half_points: u32,
    pub rank: u32,
    pub rounds: Vec<Cell>,
}

/// A whole file.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Trf {
    pub name: String,
    pub city: String,
    pub federation: String,
    pub start_date: String,
    pub end_date: String,
    /// Line `092`.
    pub pairing_system: String,
    /// Line `142` (or `XXR`): the rounds the tournament will have.
    pub planned_rounds: Option<u32>,
    /// Line `162`: what each result is worth.
    pub scoring: Scoring,
    /// Line `202`: FIDE's tie-breaks that break ties, in order, as written (`BH-C1`).
    pub tiebreaks: Vec<String>,
    pub players: Vec<Player>,
    /// Lines not read here, kept in order.
    pub other_lines: Vec<String>,
}

/// What is wrong with a file, and where (line 0: the file as a whole).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {problem}")]
pub struct TrfError {
    pub line: usize,
    pub problem: TrfProblem,
}

/// What is wrong with a line of a file (its `Display` is English, for the command line and
/// the log; pages word it from its facts).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TrfProblem {
    #[error("line 162: {0:?} is not a number of points")]
    ScoringPoints(String),
    #[error("line 162: points for an absence are read only when they are 0")]
    ScoringAbsence,
    #[error("line 162: {0:?} is not one of W, D, L, A, P, X")]
    ScoringCode(String),
    #[error("{what} {text:?} is not a whole number")]
    NotWhole { what: Figure, text: String },
    #[error("points {0:?} are not a number")]
    PointsNotNumber(String),
    #[error("points {0:?} are not whole or half points")]
    PointsNotHalves(String),
    #[error("a player line without a starting number")]
    NoStartingNumber,
    #[error("round {round}: colour {colour:?} is not w, b or -")]
    Colour { round: usize, colour: char },
    #[error("round {round}: result {code:?} is not a TRF result code")]
    ResultCode { round: usize, code: char },
    #[error("round {0}: a game or forfeit needs an opponent")]
    NoOpponent(usize),
    #[error("round {0}: a game played needs a colour")]
    NoColour(usize),
    #[error("starting number {0} appears twice")]
    NumberTwice(u32),
    #[error("round {round}: player {player} and player {opponent} do not agree on their game")]
    Disagree {
        round: usize,
        player: u32,
        opponent: u32,
    },
}

/// A whole number a line holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::Display, strum::IntoStaticStr)]
#[strum(serialize_all = "kebab-case")]
pub enum Figure {
    #[strum(to_string = "starting number")]
    StartingNumber,
    Opponent,
    Rating,
    Rank,
    #[strum(to_string = "number of rounds")]
    NumberOfRounds,
}

fn error(line: usize, problem: TrfProblem) -> TrfError {
    TrfError { line, problem }
}

/// The characters `from..to` (1-based columns, inclusive) of a line, trimmed.
fn columns(chars: &[char], from: usize, to: usize) -> String {
    let start = (from - 1).min(chars.len());
    let end = to.min(chars.len());
    chars[start..end]
        .iter()
        .collect::<String>()
        .trim()
        .to_string()
}

fn whole_number(text: &str, line: usize, what: Figure) -> Result<u32, TrfError> {
    if text.is_empty() {
        return Ok(0);
    }
    text.parse().map_err(|_| {
        let text = text.to_string();
        error(line, TrfProblem::NotWhole { what, text })
    })
}

/// Points as written (`3.0`, `2.5`, `3`), in half points.
fn half_points(text: &str, line: usize) -> Result<u32, TrfError> {
    if text.is_empty() {
        return Ok(0);
    }
    let value: f64 = text
        .parse()
        .map_err(|_| error(line, TrfProblem::PointsNotNumber(text.to_string())))?;
    let halves = value * 2.0;
    if !(0.0..=10_000.0).contains(&halves) || halves.fract() != 0.0 {
        return Err(error(line, TrfProblem::PointsNotHalves(text.to_string())));
    }
    Ok(halves as u32)
}

fn player_line(chars: &[char], line: usize) -> Result<Player, TrfError> {
    let number = whole_number(&columns(chars, 5, 8), line, Figure::StartingNumber)?;
    if number == 0 {
        return Err(error(line, TrfProblem::NoStartingNumber));
    }
    let mut rounds = Vec::new();
    let mut at = 92;
    while at <= chars.len() {
        let cell: String = chars[at - 1..(at + 9).min(chars.len())].iter().collect();
        let cell = format!("{cell:<10}");
        let cell: Vec<char> = cell.chars().collect();
        let round = rounds.len() + 1;
        let opponent_text: String = cell[0..4].iter().collect::<String>().trim().to_string();
        let colour = match cell[5] {
            'w' | 'W' => Some(Colour::White),
            'b' | 'B' => Some(Colour::Black),
            ' ' | '-' => None,
            colour => return Err(error(line, TrfProblem::Colour { round, colour })),
        };
        let outcome = Outcome::from_code(cell[7]).ok_or_else(|| {
            let code = cell[7];
            error(line, TrfProblem::ResultCode { round, code })
        })?;
        let opponent = match whole_number(&opponent_text, line, Figure::Opponent)? {
            0 => None,
            n => Some(n),
        };
        if outcome.has_opponent() && opponent.is_none() {
            return Err(error(line, TrfProblem::NoOpponent(round)));
        }
        if outcome.played() && colour.is_none() {
            return Err(error(line, TrfProblem::NoColour(round)));
        }
        rounds.push(Cell {
            opponent: if outcome.has_opponent() || outcome == Outcome::Absent {
                opponent
            } else {
                None
            },
            colour,
            outcome,
        });
        at += 10;
    }
    // A trailing blank cell is no round.
    while rounds.last().is_some_and(|c| *c == Cell::ABSENT) {
        rounds.pop();
    }
    Ok(Player {
        number,
        sex: columns(chars, 10, 10),
        title: columns(chars, 11, 13),
        name: columns(chars, 15, 47),
        rating: whole_number(&columns(chars, 49, 52), line, Figure::Rating)?,
        federation: columns(chars, 54, 56),
        fide_id: columns(chars, 58, 68),
        birth: columns(chars, 70, 79),
        half_points: half_points(&columns(chars, 81, 84), line)?,
        rank: whole_number(&columns(chars, 86, 89), line, Figure::Rank)?,
        rounds,
    })
}

impl Trf {
    /// Reads a file, checking that every player's rounds agree with their opponents'.
    pub fn parse(text: &str) -> Result<Trf, TrfError> {
        let mut trf = Trf::default();
        for (i, raw) in text.split(['\r', '\n']).enumerate() {
            let line = i + 1;
            if raw.trim().is_empty() {
                continue;
            }
            let chars: Vec<char> = raw.chars().collect();
            let code: String = chars.iter().take(3).collect();
            let rest = || columns(&chars, 5, chars.len().max(5));
            match code.as_str() {
                "001" => trf.players.push(player_line(&chars, line)?),
                "012" => trf.name = rest(),
                "022" => trf.city = rest(),
                "032" => trf.federation = rest(),
                "042" => trf.start_date = rest(),
                "052" => trf.end_date = rest(),
                "092" => trf.pairing_system = rest(),
                "142" | "XXR" => {
                    trf.planned_rounds = Some(whole_number(&rest(), line, Figure::NumberOfRounds)?)
                }
                "162" => {
                    let text: String = chars.iter().skip(3).collect();
                    trf.scoring = Scoring::read(&text, line)?;
                }
                "202" => {
                    trf.tiebreaks = rest()
                        .split(',')
                        .map(str::trim)
                        .filter(|c| !c.is_empty())
                        .map(str::to_string)
                        .collect();
                }
                _ => trf.other_lines.push(raw.to_string()),
            }
        }
        trf.check().map(|()| trf)
    }

    /// The number of rounds with any result or pairing.
    pub fn rounds(&self) -> usize {
        self.players
            .iter()
            .map(|p| p.rounds.len())
            .max()
            .unwrap_or(0)
    }

    /// A player by starting number.
    pub fn player(&self, number: u32) -> Option<&Player> {
        self.players.iter().find(|p| p.number == number)
    }

    /// Player `number`'s cell in `round` (1-based); absent past the end of the line.
    pub fn cell(&self, number: u32, round: usize) -> Cell {
        self.player(number)
            .and_then(|p| p.rounds.get(round - 1).copied())
            .unwrap_or(Cell::ABSENT)
    }

    fn check(&self) -> Result<(), TrfError> {
        let mut seen = std::collections::HashSet::new();
        for p in &self.players {
            if !seen.insert(p.number) {
                return Err(error(0, TrfProblem::NumberTwice(p.number)));
            }
        }
        for p in &self.players {
            for (r, cell) in p.rounds.iter().enumerate() {
                let round = r + 1;
                let Some(opponent) = cell.opponent.filter(|_| cell.outcome.has_opponent()) else {
                    continue;
                };
                let theirs = self.cell(opponent, round);
                let agrees = theirs.opponent == Some(p.number)
                    && (Some(theirs.outcome) == cell.outcome.reversed()
                        // Neither came: both lose by forfeit.
                        || theirs.outcome == Outcome::ForfeitLoss
                            && cell.outcome == Outcome::ForfeitLoss)
                    && (theirs.colour.is_none() && cell.colour.is_none()
                        || theirs.colour == cell.colour.map(Colour::other));
                if !agrees {
                    return Err(error(
                        0,
                        TrfProblem::Disagree {
                            round,
                            player: p.number,
                            opponent,
                        },
                    ));
                }
            }
        }
        Ok(())
    }

    /// The file as text (CR LF line ends), the players in starting-number order.
    pub fn write(&self) -> String {
        let mut out = String::new();
        let header = |out: &mut String, code: &str, value: &str| {
            if !value.is_empty() {
                let _ = write!(out, "{code} {value}\r\n");
            }
        };
        header(&mut out, "012", &self.name);
        header(&mut out, "022", &self.city);
        header(&mut out, "032", &self.federation);
        header(&mut out, "042", &self.start_date);
        header(&mut out, "052", &self.end_date);
        header(&mut out, "092", &self.pairing_system);
        if let Some(n) = self.planned_rounds {
            header(&mut out, "142", &n.to_string());
        }
        if self.scoring != Scoring::default() {
            out.push_str(&self.scoring.line());
            out.push_str("\r\n");
        }
        header(&mut out, "202", &self.tiebreaks.join(","));
        for line in &self.other_lines {
            out.push_str(line);
            out.push_str("\r\n");
        }
        let mut players: Vec<&Player> = self.players.iter().collect();
        players.sort_by_key(|p| p.number);
        for p in players {
            let points = format!(
                "{}.{}",
                p.half_points / 2,
                if p.half_points % 2 == 1 { 5 } else { 0 }
            );
            let rating = if p.rating == 0 {
                String::new()
            } else {
                p.rating.to_string()
            };
            let rank = if p.rank == 0 {
                String::new()
            } else {
                p.rank.to_string()
            };
            let mut line = format!(
                "001 {:>4} {:1}{:>3} {:<33} {:>4} {:<3} {:>11} {:<10} {:>4} {:>4}",
                p.number,
                p.sex,
                p.title,
                truncate(&p.name, 33),
                rating,
                truncate(&p.federation, 3),
                truncate(&p.fide_id, 11),
                truncate(&p.birth, 10),
                points,
                rank
            );
            for cell in &p.rounds {
                let opponent = match cell.opponent {
                    Some(n) => format!("{n:>4}"),
                    None if cell.outcome == Outcome::Absent => "    ".to_string(),
                    None => "0000".to_string(),
                };
                let colour = match cell.colour {
                    Some(Colour::White) => 'w',
                    Some(Colour::Black) => 'b',
                    None if cell.outcome == Outcome::Absent => ' ',
                    None => '-',
                };
                let _ = write!(line, "  {opponent} {colour} {}", cell.outcome.code());
            }
            out.push_str(line.trim_end());
            out.push_str("\r\n");
        }
        out
    }
}

fn truncate(text: &str, chars: usize) -> String {
    text.chars().take(chars).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SMALL: &str = "012 Club night\r001    1      Mensah, Ama                       1800                             1.5    1     2 w 1  0000 - H\r001    2      Owusu, Kofi                       1750                             1.0    2     1 b 0  0000 - U\r";

    #[test]
    fn a_file_reads_and_writes_back_the_same() {
        let trf = Trf::parse(SMALL).unwrap();
        assert_eq!(trf.name, "Club night");
        assert_eq!(trf.players.len(), 2);
        let ama = &trf.players[0];
        assert_eq!(
            (ama.number, ama.name.as_str(), ama.rating, ama.half_points),
            (1, "Mensah, Ama", 1800, 3)
        );
        assert_eq!(
            ama.rounds,
            [
                Cell {
                    opponent: Some(2),
                    colour: Some(Colour::White),
                    outcome: Outcome::Win
                },
                Cell {
                    opponent: None,
                    colour: None,
                    outcome: Outcome::HalfBye
                },
            ]
        );
        let again = Trf::parse(&trf.write()).unwrap();
        assert_eq!(again, trf);
    }

    #[test]
    fn broken_files_say_where() {
        let wrong_result = SMALL.replace("2 w 1", "2 w 7");
        let e = Trf::parse(&wrong_result).unwrap_err();
        assert_eq!(e.line, 2, "{e}");
        let disagree = SMALL.replace("1 b 0", "1 b =");
        assert!(matches!(
            Trf::parse(&disagree).unwrap_err().problem,
            TrfProblem::Disagree { round: 1, .. }
        ));
        let bad_number = SMALL.replace("001    2", "001   x2");
        assert_eq!(Trf::parse(&bad_number).unwrap_err().line, 3);
        // Nothing panics on a short or odd line.
        for text in [
            "001",
            "001 1",
            "001    1 ",
            "012",
            "\r\r",
            "001    1      A  1800  x",
        ] {
            let _ = Trf::parse(text);
        }
    }

    #[test]
    fn points_and_tie_breaks_are_read_and_written_as_lines_162_and_202() {
        let text = format!("162  W 3.0    D 1.0\r202 BH-C1, SB ,DE\r{SMALL}");
        let trf = Trf::parse(&text).unwrap();
        // P, not given, is worth what W is; L keeps its default.
        assert_eq!(
            trf.scoring,
            Scoring {
                win: 3.0,
                draw: 1.0,
                loss: 0.0,
                bye: 3.0
            }
        );
        assert_eq!(trf.tiebreaks, ["BH-C1", "SB", "DE"]);
        let written = trf.write();
        assert!(
            written.contains("162  W 3.0    D 1.0    L 0.0    P 3.0\r\n"),
            "{written}"
        );
        assert!(written.contains("202 BH-C1,SB,DE\r\n"), "{written}");
        assert_eq!(Trf::parse(&written).unwrap(), trf);
        // Codes glued to their points read too; FIDE's default points are not written.
        let glued = Trf::parse("162  W10.0 L 1.5 P 0.5\r").unwrap().scoring;
        assert_eq!(
            (glued.win, glued.draw, glued.loss, glued.bye),
            (10.0, 0.5, 1.5, 0.5)
        );
        assert!(!Trf::parse(SMALL).unwrap().write().contains("162"));
        for bad in ["162  W x", "162  Q 1.0", "162  A 1.0", "162  W -1"] {
            let e = Trf::parse(bad).unwrap_err();
            assert!(e.to_string().contains("162"), "{bad}: {e}");
        }
    }
}
