//! A knockout's bracket as pages show it (published rounds only), its seeds, and the places it
//! gives the standings.

use std::collections::{HashMap, HashSet};

use diesel::sqlite::SqliteConnection;
use serde::Serialize;

use super::ServiceError;
use super::matches::records;
use super::tournaments::{TournamentView, points_text};
use crate::db::models::Player;
use crate::db::queries;
use crate::tournament::history::GameRecord;
use crate::tournament::knockout::{self, Part, Slot, Tie};
use crate::tournament::said::Said;
use crate::tournament::{Knockout, PlayerId, TournamentId};

/// A knockout's seeds, best first: the players of its first round once it is paired (in
/// pairing-number order; a later withdrawal loses its match, it does not change the bracket),
/// before that every player not withdrawn, in pairing-number order (rating, or the order the
/// controller fixed: a previous stage's standings).
pub fn seeds(
    conn: &mut SqliteConnection,
    tournament_id: TournamentId,
    players: &[Player],
) -> Result<Vec<i32>, ServiceError> {
    let first = queries::list_rounds(conn, tournament_id)?
        .into_iter()
        .find(|r| r.number == 1);
    let seated: Option<HashSet<i32>> = match first {
        Some(round) => Some(
            queries::round_games(conn, round.id)?
                .iter()
                .filter(|g| g.match_game == 1)
                .flat_map(|g| std::iter::once(g.south_id.get()).chain(g.north_id.map(|n| n.get())))
                .collect(),
        ),
        None => None,
    };
    Ok(players
        .iter()
        .filter(|p| match &seated {
            Some(seated) => seated.contains(&p.id.get()),
            None => !p.withdrawn,
        })
        .map(|p| p.id.get())
        .collect())
}

/// A knockout's bracket as far as its published rounds go: the last published round, the
/// seeds, the bracket.
fn published_bracket(
    conn: &mut SqliteConnection,
    tournament_id: TournamentId,
    kind: Knockout,
    players: &[Player],
) -> Result<(i32, Vec<i32>, knockout::Bracket), ServiceError> {
    let published = queries::last_published_round(conn, tournament_id)?;
    let seeds = seeds(conn, tournament_id, players)?;
    let history: Vec<GameRecord> = records(conn, tournament_id, Some(published + 1))?;
    let bracket = knockout::bracket(&seeds, kind, &history);
    Ok((published, seeds, bracket))
}

/// Whether a knockout is over before its last planned round: a double elimination whose grand
/// final the winners' bracket's winner won needs no second one. Other tournaments: never.
pub fn ended_early(conn: &mut SqliteConnection, t: &TournamentView) -> Result<bool, ServiceError> {
    let Some(kind) = t.format.knockout().filter(|_| t.format.may_end_early()) else {
        return Ok(false);
    };
    let players = queries::list_players(conn, t.id)?;
    let (published, _, bracket) = published_bracket(conn, t.id, kind, &players)?;
    Ok(bracket.last < t.rounds && published >= bracket.last && bracket.finished())
}

/// One side of a tie as shown.
#[derive(Clone, Debug, Serialize)]
pub struct SlotView {
    pub player: Option<PlayerId>,
    /// "Ama Mensah (3)", "bye", "winner of round 2, board 1", "loser of match 5" (worded by
    /// the page, and the API, in the reader's language).
    #[serde(skip)]
    pub text: Said,
    /// Whether the side is a bye.
    pub bye: bool,
    pub won: bool,
}

/// One tie as shown.
#[derive(Clone, Debug, Serialize)]
pub struct TieView {
    /// Its number on the page (from 1), by which later ties name it.
    pub number: usize,
    pub board: Option<i32>,
    pub third_place: bool,
    pub sides: [SlotView; 2],
    /// The match's score of games, the first side first (`2-1`), once played.
    pub score: String,
    /// Decided by a forfeit, not over the board (the page says so rather than a score).
    pub forfeit: bool,
    /// The first game of the match, for its page.
    pub game: Option<i32>,
    pub decided: bool,
    /// The tie that made the champion: its winner wins the tournament rather than going
    /// through.
    pub final_tie: bool,
}

impl TieView {
    /// What its winner does: wins the tournament, takes third place, or goes through (the
    /// pages' message).
    pub fn won_word(&self) -> &'static str {
        if self.final_tie {
            "bracket-wins-final"
        } else if self.third_place {
            "bracket-wins-third"
        } else {
            "bracket-goes-through"
        }
    }
}

/// One round of the bracket.
#[derive(Clone, Debug, Serialize)]
pub struct BracketRound {
    /// The tournament round it is played in.
    pub number: i32,
    /// "Final", "Semi-finals", "Losers' round 2", "Grand final" (worded by the page and the
    /// API).
    #[serde(skip)]
    pub title: Said,
    pub ties: Vec<TieView>,
}

/// A part of the bracket: the whole of a single elimination; the winners' bracket, the losers'
/// bracket or the grand final of a double elimination.
#[derive(Clone, Debug, Serialize)]
pub struct BracketSection {
    /// None for a single elimination (worded by the page and the API).
    #[serde(skip)]
    pub title: Option<Said>,
    pub rounds: Vec<BracketRound>,
}

/// A knockout's bracket and places.
#[derive(Clone, Debug, Serialize)]
pub struct BracketView {
    pub t: TournamentView,
    pub sections: Vec<BracketSection>,
    /// Places so far, best first: ("1", name), ("5=", name), ...
    pub places: Vec<(String, String)>,
    /// The rounds published.
    pub published: i32,
}

/// The bracket of a knockout, as far as its published rounds go.
pub fn view(
    conn: &mut SqliteConnection,
    tournament_id: TournamentId,
) -> Result<BracketView, ServiceError> {
    let t = super::tournaments::get(conn, tournament_id)?;
    let Some(kind) = t.format.knockout() else {
        return Err(ServiceError::NotFound(crate::said!(
            "tournament-not-knockout-has-standings"
        )));
    };
    let players = queries::list_players(conn, tournament_id)?;
    let names: HashMap<i32, String> = players
        .iter()
        .map(|p| (p.id.get(), p.name.clone()))
        .collect();
    let (published, seeds, bracket) = published_bracket(conn, tournament_id, kind, &players)?;
    let mut sections = sections(&bracket, &names, published);
    let places = knockout::places(&bracket, &seeds);
    // The champion's last tie won is the final.
    let champion = places
        .iter()
        .find(|(_, place)| **place == (1, 1))
        .map(|(id, _)| PlayerId(*id));
    if let Some(final_tie) = sections
        .iter_mut()
        .flat_map(|s| s.rounds.iter_mut())
        .flat_map(|r| r.ties.iter_mut())
        .filter(|tie| !tie.third_place)
        .filter(|tie| tie.sides.iter().any(|s| s.won && s.player == champion))
        .max_by_key(|tie| tie.number)
    {
        final_tie.final_tie = true;
    }
    let mut places: Vec<((usize, usize), String)> = places
        .into_iter()
        // Players still in have no place yet.
        .filter(|&(_, (first, last))| first > 1 || last == 1)
        .map(|(id, place)| (place, names.get(&id).cloned().unwrap_or_default()))
        .collect();
    places.sort_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.cmp(&b.1)));
    Ok(BracketView {
        t,
        sections,
        places: places
            .into_iter()
            .map(|((first, last), name)| (place_text(first, last), name))
            .collect(),
        published,
    })
}

/// The bracket's ties as pages show them, part by part and round by round; ties with nobody
/// in them (behind byes, or a second grand final not needed) left out.
fn sections(
    bracket: &knockout::Bracket,
    names: &HashMap<i32, String>,
    published: i32,
) -> Vec<BracketSection> {
    let parts: &[(Part, Option<&'static str>)] = if bracket.double {
        &[
            (Part::Winners, Some("bracket-winners")),
            (Part::Losers, Some("bracket-losers")),
            (Part::GrandFinal, Some("bracket-grand-final")),
        ]
    } else {
        &[(Part::Winners, None)]
    };
    let shown = |tie: &&Tie| tie.slots.iter().any(|s| *s != Slot::Empty);
    let in_part = |tie: &Tie, part: Part| {
        tie.part == part || (part == Part::GrandFinal && tie.part == Part::Reset)
    };
    // Numbers on the page, in the page's order.
    let mut numbers: HashMap<usize, usize> = HashMap::new();
    for &(part, _) in parts {
        for tie in bracket.rounds.iter().flatten().filter(shown) {
            if in_part(tie, part) {
                let next = numbers.len() + 1;
                numbers.insert(tie.number, next);
            }
        }
    }
    let slot_view = |slot: &Slot, winner: Option<i32>| match slot {
        Slot::Player { id, seed } => SlotView {
            player: Some(PlayerId(*id)),
            text: crate::said!(
                "bracket-seeded",
                name = names.get(id).cloned().unwrap_or_default(),
                seed = *seed
            ),
            bye: false,
            won: winner == Some(*id),
        },
        Slot::Empty => SlotView {
            player: None,
            text: crate::said!("bracket-slot-bye"),
            bye: true,
            won: false,
        },
        Slot::Waiting { tie, loser } => {
            let before = bracket.tie(*tie);
            let text = match (before.and_then(|t| Some((t.round, t.board?))), *loser) {
                (Some((round, board)), false) if round <= published => {
                    crate::said!("bracket-winner-of-board", round, board)
                }
                (Some((round, board)), true) if round <= published => {
                    crate::said!("bracket-loser-of-board", round, board)
                }
                (_, false) => crate::said!(
                    "bracket-winner-of-match",
                    number = numbers.get(tie).copied().unwrap_or(*tie)
                ),
                (_, true) => crate::said!(
                    "bracket-loser-of-match",
                    number = numbers.get(tie).copied().unwrap_or(*tie)
                ),
            };
            SlotView {
                player: None,
                text,
                bye: false,
                won: false,
            }
        }
    };
    parts
        .iter()
        .map(|&(part, name)| {
            let mut rounds: Vec<BracketRound> = Vec::new();
            for ties in &bracket.rounds {
                let ties: Vec<&Tie> = ties
                    .iter()
                    .filter(shown)
                    .filter(|t| in_part(t, part))
                    .collect();
                let Some(first) = ties.first() else { continue };
                rounds.push(BracketRound {
                    number: first.round,
                    title: tie_title(bracket, first),
                    ties: ties
                        .iter()
                        .map(|tie| TieView {
                            number: numbers.get(&tie.number).copied().unwrap_or(tie.number),
                            board: tie.board.filter(|_| tie.round <= published),
                            third_place: tie.third_place,
                            sides: [
                                slot_view(&tie.slots[0], tie.winner),
                                slot_view(&tie.slots[1], tie.winner),
                            ],
                            score: tie.score.map_or_else(String::new, |(a, b)| {
                                format!("{}-{}", points_text(a), points_text(b))
                            }),
                            forfeit: tie.forfeit,
                            game: tie.game,
                            decided: tie.decided,
                            final_tie: false,
                        })
                        .collect(),
                });
            }
            BracketSection {
                title: name.map(Said::new),
                rounds,
            }
        })
        .filter(|s| !s.rounds.is_empty())
        .collect()
}

/// The title of the bracket round of `tie`: "Semi-finals", "Winners' round 2", "Losers' final".
fn tie_title(bracket: &knockout::Bracket, tie: &Tie) -> Said {
    let rounds_of = |part: Part| {
        bracket
            .rounds
            .iter()
            .flatten()
            .filter(|t| t.part == part)
            .map(|t| t.stage)
            .max()
            .unwrap_or(0)
    };
    match tie.part {
        Part::Winners if bracket.double && tie.stage == rounds_of(Part::Winners) => {
            Said::new("bracket-winners-final")
        }
        Part::Winners if bracket.double => {
            crate::said!("bracket-winners-round", number = tie.stage)
        }
        Part::Winners => round_title(rounds_of(Part::Winners) - tie.stage),
        Part::Losers if tie.stage == rounds_of(Part::Losers) => Said::new("bracket-losers-final"),
        Part::Losers => crate::said!("bracket-losers-round", number = tie.stage),
        Part::GrandFinal => Said::new("bracket-grand-final"),
        Part::Reset => Said::new("bracket-grand-final-reset"),
    }
}

/// "1", or "5=" for a place shared down to another.
pub fn place_text(first: usize, last: usize) -> String {
    if first == last {
        first.to_string()
    } else {
        format!("{first}=")
    }
}

/// A knockout round by how far it is from the final.
fn round_title(from_final: i32) -> Said {
    match from_final {
        0 => Said::new("bracket-final"),
        1 => Said::new("bracket-semi-finals"),
        2 => Said::new("bracket-quarter-finals"),
        n => crate::said!("bracket-round-of", players = 1_u64 << (n + 1).min(62)),
    }
}

/// Places by player: `(first, last)` of the places they share.
pub type Places = HashMap<i32, (usize, usize)>;

/// A play-off of a tournament's standings as they show it.
#[derive(Clone, Debug, Serialize)]
pub struct Playoff {
    pub tournament_id: TournamentId,
    pub name: String,
    /// The first place of the tied group it decides.
    pub place: i32,
    /// Its final is decided: its places order the group.
    pub decided: bool,
}

/// The play-offs of a tournament, each with its places by the player of the tournament (`first`,
/// `last` of the places shared inside the play-off, from 1) once its final is decided.
pub fn playoffs(
    conn: &mut SqliteConnection,
    tournament_id: TournamentId,
) -> Result<Vec<(Playoff, Places)>, ServiceError> {
    let mut found = Vec::new();
    for t in queries::playoffs_of(conn, tournament_id)? {
        let players = queries::list_players(conn, t.id)?;
        let Some(kind) = t.settings.format.knockout() else {
            continue;
        };
        let (_, seeds, bracket) = published_bracket(conn, t.id, kind, &players)?;
        let places = knockout::places(&bracket, &seeds);
        let decided = !seeds.is_empty() && bracket.finished();
        let origin: HashMap<i32, i32> = players
            .iter()
            .filter_map(|p| Some((p.id.get(), p.previous_player?.get())))
            .collect();
        let by_origin = if decided {
            places
                .into_iter()
                .filter_map(|(p, place)| Some((*origin.get(&p)?, place)))
                .collect()
        } else {
            HashMap::new()
        };
        found.push((
            Playoff {
                tournament_id: t.id,
                name: t.name.clone(),
                place: t.playoff_place.unwrap_or_default(),
                decided,
            },
            by_origin,
        ));
    }
    Ok(found)
}
