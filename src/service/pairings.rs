//! Generated pairings: what the tournament's system (round robin, Swiss) is given to pair a
//! round, and the pairing it gives; the checks of any pairing against the rounds before it.

use std::collections::{HashMap, HashSet};

use diesel::sqlite::SqliteConnection;

use super::matches::records;
use super::{Found, ServiceError};
use crate::db::models::{Player, Tournament};
use crate::db::queries;
use crate::fide::dutch;
use crate::tournament::format::Generator;
use crate::tournament::history::{GameRecord, dutch_input, meetings, round_pairing};
use crate::tournament::knockout;
use crate::tournament::pairing::{Pair, PairingCheck, RoundPairing, check_pairing, round_robin};
use crate::tournament::said::Said;
use crate::tournament::{Knockout, TournamentId};

/// The most players a generated Swiss round pairs: the Dutch system takes at most about 2.2 s
/// for this many on one core, in the rounds with the largest score groups (README,
/// "Performance"; 1,000 players can take 3 s, 1,500 players 12 s); a larger field is paired by
/// hand.
pub const MAX_SWISS_FIELD: usize = 800;

/// Everything a generated pairing is computed from: what the system is given, and nothing
/// else. A pairing computed from one input is written only if the input, read again when it is
/// written, is the same (settings, players, results, byes and pairs ruled out included).
#[derive(Clone, Debug, PartialEq)]
pub enum PairingInput {
    /// Berger tables: the players in pairing-number order (id, withdrawn), and the round.
    RoundRobin {
        players: Vec<(i32, bool)>,
        number: i32,
    },
    /// The Dutch system: its input, and the player id of each of its players.
    Swiss { ids: Vec<i32>, input: dutch::Input },
    /// A knockout: the seeds (player ids, best first), its kind, the round and the matches
    /// before it.
    Knockout {
        seeds: Vec<i32>,
        kind: Knockout,
        number: i32,
        history: Vec<GameRecord>,
    },
}

impl PairingInput {
    /// The pairing the system gives.
    pub fn pair(&self) -> Result<RoundPairing, ServiceError> {
        match self {
            PairingInput::RoundRobin { players, number } => Ok(round_robin_round(players, *number)),
            PairingInput::Swiss { ids, input } => {
                let pairing = dutch::pair(input).map_err(|e| {
                    ServiceError::Invalid(match e {
                        dutch::NoPairing::Impossible => crate::said!("dutch-impossible"),
                        dutch::NoPairing::TooLarge(bits) => crate::said!("dutch-too-large", bits),
                    })
                })?;
                Ok(round_pairing(ids, &pairing))
            }
            PairingInput::Knockout {
                seeds,
                kind,
                number,
                history,
            } => knockout::pair_round(seeds, *kind, *number, history)
                .map_err(|e| ServiceError::Conflict(e.said())),
        }
    }
}

/// What the tournament's system is given to pair round `number`.
pub fn input(
    conn: &mut SqliteConnection,
    t: &Tournament,
    number: i32,
) -> Result<PairingInput, ServiceError> {
    let players = queries::list_players(conn, t.id)?;
    let Some(generator) = t.settings.format.generator() else {
        return Err(ServiceError::Invalid(crate::said!(
            "tournament-s-pairings-entered-hand"
        )));
    };
    match generator {
        Generator::Berger => Ok(PairingInput::RoundRobin {
            players: players.iter().map(|p| (p.id.get(), p.withdrawn)).collect(),
            number,
        }),
        Generator::Dutch => swiss_input(conn, t, &players, number),
        Generator::Bracket(kind) => {
            let settings = super::tournaments::stored_settings(t)?;
            let seeds = super::brackets::seeds(conn, t.id, &players)?;
            let needed = knockout::rounds_for(seeds.len(), kind);
            // Exactly its rounds: the event ends (and is backed up) when the final is played.
            if number == 1 && seeds.len() >= 2 && needed != settings.rounds {
                return Err(ServiceError::Conflict(
                    Said::new(kind.rounds_refused())
                        .with("players", seeds.len())
                        .with("needed", needed)
                        .with("rounds", settings.rounds),
                ));
            }
            Ok(PairingInput::Knockout {
                seeds,
                kind,
                number,
                history: records(conn, t.id, Some(number))?,
            })
        }
    }
}

/// Refuses pairings entered by hand for a knockout's round `number` that are not its bracket's:
/// the same pairs (on any boards, either player South) and the same byes, or the bracket would
/// wait for matches that are not played.
pub fn follows_bracket(
    conn: &mut SqliteConnection,
    t: &Tournament,
    number: i32,
    (boards, byes): (&[(i32, Pair)], &[i32]),
) -> Result<(), ServiceError> {
    let bracket = input(conn, t, number)?.pair()?;
    let pair = |p: &Pair| (p.south.min(p.north), p.south.max(p.north));
    let wanted: HashSet<(i32, i32)> = bracket.boards.iter().map(pair).collect();
    let given: HashSet<(i32, i32)> = boards.iter().map(|(_, p)| pair(p)).collect();
    let same_byes = byes.iter().collect::<HashSet<_>>() == bracket.byes.iter().collect();
    if wanted == given && boards.len() == wanted.len() && same_byes {
        return Ok(());
    }
    let names: HashMap<i32, String> = queries::list_players(conn, t.id)?
        .into_iter()
        .map(|p| (p.id.get(), p.name))
        .collect();
    let name = |id: &i32| names.get(id).cloned().unwrap_or_default();
    let mut pairs: Vec<Said> = bracket
        .boards
        .iter()
        .map(|p| {
            crate::said!(
                "bracket-pair",
                south = name(&p.south),
                north = name(&p.north)
            )
        })
        .collect();
    pairs.extend(
        bracket
            .byes
            .iter()
            .map(|b| crate::said!("knockout-bye-for", name = name(b))),
    );
    Err(ServiceError::Conflict(crate::said!(
        "knockout-s-pairings-follow-bracket",
        number,
        pairs
    )))
}

/// The Dutch system's input for round `number`: players in pairing-number order (the order of
/// `players`), those away left out, pairs ruled out and clubmates never seated together.
fn swiss_input(
    conn: &mut SqliteConnection,
    t: &Tournament,
    players: &[Player],
    number: i32,
) -> Result<PairingInput, ServiceError> {
    let settings = super::tournaments::stored_settings(t)?;
    let history = records(conn, t.id, Some(number))?;
    let mut byes = super::standings::requested_byes(conn, t.id)?;
    let restrictions = super::restrictions::for_round(conn, t, players, &byes, number)?;
    byes.retain(|b| b.round < number);
    let entrants = super::standings::entrants(players);
    let absent = super::roll_call::absent(conn, t.id, number)?;
    let away: HashSet<i32> = players
        .iter()
        .filter(|p| {
            p.withdrawn || restrictions.away.contains(&p.id.get()) || absent.contains(&p.id.get())
        })
        .map(|p| p.id.get())
        .collect();
    let field = entrants.len() - away.len();
    if field > MAX_SWISS_FIELD {
        return Err(ServiceError::Invalid(crate::said!(
            "players-pair-dutch-pairing-more",
            field,
            max_swiss_field = MAX_SWISS_FIELD
        )));
    }
    let forbidden: HashSet<(i32, i32)> = restrictions
        .ruled_out
        .union(&restrictions.clubmates)
        .copied()
        .collect();
    let planned = usize::try_from(settings.rounds).ok().filter(|&r| r > 0);
    let input = dutch_input(
        &entrants,
        &away,
        &history,
        &byes,
        &settings.points,
        number,
        &forbidden,
        planned,
    );
    Ok(PairingInput::Swiss {
        ids: entrants.iter().map(|e| e.id).collect(),
        input,
    })
}

/// The round robin's pairing of round `number`: the whole table is drawn from the players in
/// order of registration, so that it stays the same from round to round; a withdrawn player's
/// opponent has a bye.
fn round_robin_round(players: &[(i32, bool)], number: i32) -> RoundPairing {
    // Berger tables seat the players by pairing number (the order of `players`).
    let ids: Vec<i32> = players.iter().map(|&(id, _)| id).collect();
    let withdrawn: HashSet<i32> = players
        .iter()
        .filter(|&&(_, withdrawn)| withdrawn)
        .map(|&(id, _)| id)
        .collect();
    let table = round_robin(&ids, number as usize);
    let mut pairing = RoundPairing::default();
    for pair in table.boards {
        match (
            withdrawn.contains(&pair.south),
            withdrawn.contains(&pair.north),
        ) {
            (false, false) => pairing.boards.push(pair),
            (true, false) => pairing.byes.push(pair.north),
            (false, true) => pairing.byes.push(pair.south),
            (true, true) => {}
        }
    }
    pairing
        .byes
        .extend(table.byes.into_iter().filter(|b| !withdrawn.contains(b)));
    pairing
}

/// Checks a pairing (boards with their numbers, and byes); errors refuse it, warnings go back
/// with the round.
pub fn check(
    conn: &mut SqliteConnection,
    tournament_id: TournamentId,
    number: i32,
    (boards, byes): (&[(i32, Pair)], &[i32]),
) -> Result<Vec<Said>, ServiceError> {
    let result = pairing_check(conn, tournament_id, number, (boards, byes))?;
    if result.errors.is_empty() {
        Ok(result.warnings)
    } else {
        Err(ServiceError::Invalid(Said::all(result.errors)))
    }
}

/// What checking the pairing of round `number` finds, against the rounds before it.
pub fn pairing_check(
    conn: &mut SqliteConnection,
    tournament_id: TournamentId,
    number: i32,
    (boards, byes): (&[(i32, Pair)], &[i32]),
) -> Result<PairingCheck, ServiceError> {
    let t = queries::get_tournament(conn, tournament_id).or_not_found("tournament")?;
    let listed = queries::list_players(conn, tournament_id)?;
    let requested = super::standings::requested_byes(conn, tournament_id)?;
    let restrictions = super::restrictions::for_round(conn, &t, &listed, &requested, number)?;
    let players: HashMap<i32, (String, bool)> = listed
        .into_iter()
        .map(|p| (p.id.get(), (p.name, p.withdrawn)))
        .collect();
    let history = records(conn, tournament_id, Some(number))?;
    let (met, had_bye) = meetings(&history);
    Ok(check_pairing(
        boards,
        byes,
        &players,
        &met,
        &had_bye,
        &restrictions,
    ))
}

/// The warning that games of the round before round `number` have no result that counts yet.
pub fn open_before(
    conn: &mut SqliteConnection,
    tournament_id: TournamentId,
    number: i32,
) -> Result<Option<Said>, ServiceError> {
    let rounds = queries::list_rounds(conn, tournament_id)?;
    let Some(previous) = rounds.iter().find(|r| r.number == number - 1) else {
        return Ok(None);
    };
    let open = queries::round_games(conn, previous.id)?
        .iter()
        .filter(|g| !g.status.counts())
        .count();
    Ok((open > 0).then(|| crate::said!("open-before", open, round = previous.number)))
}
