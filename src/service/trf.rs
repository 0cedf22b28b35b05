//! A tournament as FIDE's Tournament Report File (TRF): exported for the staff, so that chess
//! tools can check its pairings and standings, and imported into a new tournament.

use std::collections::HashMap;

use chrono::Utc;
use diesel::sqlite::SqliteConnection;
use serde::Serialize;

use super::changes::Change;
use super::standings::entrants;
use super::tournaments::TournamentView;
use super::{Actor, Audit, ServiceError, transaction};
use crate::db::models::{NewBye, NewGame, NewPlayer, NewRound};
use crate::db::queries;
use crate::engine::Side;
use crate::fide::trf::{Figure, Outcome, Trf, TrfError, TrfProblem};
use crate::tournament::players::PlayerInput;
use crate::tournament::said::Said;
use crate::tournament::settings::SettingsInput;
use crate::tournament::standings::{Format, crosstable};
use crate::tournament::{
    ByeKind, GameStatus, PlayerDetails, PlayerId, ResultKind, Tiebreak, TournamentId,
    TournamentSettings, Winner,
};

/// The tournament's published rounds as a TRF file, for the staff who run it: the tournament's
/// name (to name the file) and the file's text.
pub fn export(
    conn: &mut SqliteConnection,
    actor: &Actor,
    tournament_id: TournamentId,
) -> Result<(String, String), ServiceError> {
    actor.check_runs(conn, tournament_id)?;
    // The standings after the last round published: its games, byes and places.
    let report = super::standings::report(conn, tournament_id, None)?;
    let t = &report.t;
    let system = t.format.trf_system().map_err(ServiceError::Conflict)?;
    if !t.matches.single() {
        return Err(ServiceError::Conflict(crate::said!(
            "trf-file-holds-one-game"
        )));
    }
    let players = queries::list_players(conn, tournament_id)?;
    let format = Format {
        round_robin: report.t.format.all_play_all(),
        rounds: Some(report.t.rounds),
        score: report.t.matches.score,
        matches: report.t.matches,
    };
    let mut trf = crosstable(
        &entrants(&players),
        &report.games,
        &report.byes,
        report.published,
        format,
    );
    let standing: HashMap<i32, (usize, f64)> = report
        .table
        .iter()
        .map(|s| (s.player_id, (s.rank, s.points)))
        .collect();
    trf.name = t.name.clone();
    trf.city = t.venue.clone();
    trf.start_date = t
        .start_date
        .map(|d| d.format("%Y/%m/%d").to_string())
        .unwrap_or_default();
    trf.end_date = t
        .end_date
        .map(|d| d.format("%Y/%m/%d").to_string())
        .unwrap_or_default();
    trf.pairing_system = system.to_string();
    trf.scoring = t.points.into();
    trf.tiebreaks = t
        .tiebreaks
        .iter()
        .filter(|t| matches!(t, Tiebreak::Fide(_)))
        .map(|t| t.code())
        .collect();
    for (line, p) in trf.players.iter_mut().zip(&players) {
        line.federation = p.country.chars().take(3).collect();
        if let Some(&(rank, points)) = standing.get(&p.id.get()) {
            line.rank = rank as u32;
            line.half_points = (points * 2.0).round() as u32;
        }
    }
    trf.other_lines = unsaid(&report, &trf, &players);
    Ok((t.name.clone(), trf.write()))
}

/// Comment lines (`###`) for what the file cannot say, so that whoever checks it with FIDE's
/// tools knows which of the service's numbers these tools cannot give: Oware's seed-count
/// tie-breaks, a forfeit lost worth more than nothing, games without a result yet, and names
/// longer than the file's 33 columns.
fn unsaid(
    report: &super::standings::Report,
    trf: &Trf,
    players: &[crate::db::models::Player],
) -> Vec<String> {
    let t = &report.t;
    let mut lines = Vec::new();
    if t.tiebreaks.iter().any(|t| !matches!(t, Tiebreak::Fide(_))) {
        let all: Vec<String> = t.tiebreaks.iter().map(|t| t.code()).collect();
        lines.push(format!(
            "### Tie-breaks in order: {}. SC (seeds captured) and SD (seed difference) are Oware's and have no TRF code: line 202 lists FIDE's alone. The ranks in the player lines count them all; a ranking from line 202 alone, and a direct encounter (DE) after them, may differ.",
            all.join(", ")
        ));
    }
    let forfeit_lost = trf
        .players
        .iter()
        .any(|p| p.rounds.iter().any(|c| c.outcome == Outcome::ForfeitLoss));
    if t.points.loss != 0.0 && forfeit_lost {
        lines.push(format!(
            "### A forfeit lost is worth a loss here ({} points, line 162); FIDE's TRF counts it as an absence, worth 0.",
            t.points.loss
        ));
    }
    if !report.open.is_empty() {
        lines.push(format!(
            "### {} game(s) have no result yet: written with the opponent and no result, they count for nothing.",
            report.open.len()
        ));
    }
    for (line, p) in trf.players.iter().zip(players) {
        if p.name.chars().count() > 33 {
            lines.push(format!("### Player {}: {}", line.number, p.name));
        }
    }
    lines
}

/// What an import made: the tournament, and each player's PIN (shown once).
#[derive(Debug, Serialize)]
pub struct Imported {
    pub tournament: TournamentView,
    pub pins: Vec<super::players::PinSlip>,
    pub rounds: usize,
}

/// The settings of a tournament made from a TRF file.
fn settings_of(trf: &Trf, rules: Option<String>) -> Result<TournamentSettings, ServiceError> {
    let system = trf.pairing_system.to_ascii_uppercase();
    let pairing = if system.contains("ROBIN") || system.contains("BERGER") {
        "round-robin"
    } else if trf.players.len() < 2 || system.contains("HAND") {
        "manual"
    } else {
        "swiss"
    };
    let rounds = trf
        .planned_rounds
        .map_or(trf.rounds(), |n| n as usize)
        .max(trf.rounds())
        .max(1);
    let name = if trf.name.trim().is_empty() {
        "Imported tournament".to_string()
    } else {
        trf.name.chars().take(100).collect()
    };
    let input = SettingsInput {
        name: Some(name),
        venue: Some(trf.city.chars().take(100).collect()),
        rules: Some(rules.unwrap_or_else(|| "abapa".to_string())),
        rounds: Some(rounds as i64),
        pairing: Some(pairing.to_string()),
        points: Some(trf.scoring.into()),
        tiebreaks: (!trf.tiebreaks.is_empty()).then(|| trf.tiebreaks.clone()),
        ..SettingsInput::default()
    };
    TournamentSettings::parse(&input).map_err(|problems| {
        ServiceError::Invalid(crate::said!(
            "trf-settings",
            problems = crate::tournament::said::Said::all(problems)
        ))
    })
}

/// What is wrong with a TRF file, and where, for the reader's words.
pub fn unreadable(e: &TrfError) -> Said {
    use crate::said;
    let problem = match &e.problem {
        TrfProblem::ScoringPoints(text) => said!("trf-scoring-points", text = text.as_str()),
        TrfProblem::ScoringAbsence => said!("trf-scoring-absence"),
        TrfProblem::ScoringCode(text) => said!("trf-scoring-code", text = text.as_str()),
        TrfProblem::NotWhole { what, text } => {
            let what = Said::new(match what {
                Figure::StartingNumber => "trf-figure-starting-number",
                Figure::Opponent => "trf-figure-opponent",
                Figure::Rating => "trf-figure-rating",
                Figure::Rank => "trf-figure-rank",
                Figure::NumberOfRounds => "trf-figure-number-of-rounds",
            });
            said!("trf-not-whole", what, text = text.as_str())
        }
        TrfProblem::PointsNotNumber(text) => said!("trf-points-not-number", text = text.as_str()),
        TrfProblem::PointsNotHalves(text) => {
            said!("trf-points-not-halves", text = text.as_str())
        }
        TrfProblem::NoStartingNumber => said!("trf-no-starting-number"),
        TrfProblem::Colour { round, colour } => {
            said!("trf-colour", round = *round, text = colour.to_string())
        }
        TrfProblem::ResultCode { round, code } => {
            said!("trf-result-code", round = *round, text = code.to_string())
        }
        TrfProblem::NoOpponent(round) => said!("trf-no-opponent", round = *round),
        TrfProblem::NoColour(round) => said!("trf-no-colour", round = *round),
        TrfProblem::NumberTwice(number) => said!("trf-number-twice", number = *number),
        TrfProblem::Disagree {
            round,
            player,
            opponent,
        } => said!(
            "trf-disagree",
            round = *round,
            player = *player,
            opponent = *opponent
        ),
    };
    match e.line {
        0 => said!("trf-unreadable-whole", problem),
        line => said!("trf-unreadable", line, problem),
    }
}

/// Reads a TRF file into what a new tournament is made of, refusing what it cannot take.
pub fn read(
    text: &str,
    rules: Option<String>,
) -> Result<(Trf, TournamentSettings, Vec<PlayerDetails>), ServiceError> {
    let trf = Trf::parse(text).map_err(|e| ServiceError::Invalid(unreadable(&e)))?;
    if trf.players.is_empty() {
        return Err(ServiceError::Invalid(crate::said!(
            "trf-file-has-no-players"
        )));
    }
    if trf.players.len() > super::players::MAX_PLAYERS {
        return Err(ServiceError::Invalid(crate::said!(
            "tournament-takes-at-most-players-3",
            max_players = super::players::MAX_PLAYERS,
            players_count = trf.players.len()
        )));
    }
    let settings = settings_of(&trf, rules)?;
    let mut details = Vec::with_capacity(trf.players.len());
    for p in &trf.players {
        let input = PlayerInput {
            name: Some(p.name.clone()),
            club: None,
            country: Some(p.federation.clone()),
            rating: (p.rating > 0).then_some(i64::from(p.rating)),
            // The birth date's year (`YYYY/MM/DD` or `YYYY`), the sex (`m`, `w`), the title.
            birth_year: p.birth.get(..4).and_then(|y| y.parse().ok()),
            gender: Some(p.sex.clone()),
            title: Some(p.title.clone()),
            federation: Some(p.federation.clone()),
            register_id: None,
            ..PlayerInput::default()
        };
        details.push(PlayerDetails::parse(&input).map_err(|e| {
            ServiceError::Invalid(crate::said!(
                "trf-file-player",
                number = p.number,
                problem = e
            ))
        })?);
    }
    let last = trf.rounds();
    for p in &trf.players {
        for (r, cell) in p.rounds.iter().enumerate() {
            if cell.outcome == Outcome::Absent && cell.opponent.is_some() && r + 1 < last {
                return Err(ServiceError::Invalid(crate::said!(
                    "trf-file-player-round-has",
                    number = p.number,
                    value = r + 1
                )));
            }
        }
    }
    Ok((trf, settings, details))
}

/// An organiser makes a new tournament from a TRF file read by [`read`]: its players (with new
/// PINs, hashed beforehand), and each round of the file paired, published and with its results
/// (South is white), the byes asked for included; all in one transaction.
pub fn import(
    conn: &mut SqliteConnection,
    actor: &Actor,
    trf: &Trf,
    settings: &TournamentSettings,
    details: &[PlayerDetails],
    pins: &[(String, String)],
) -> Result<Imported, ServiceError> {
    actor.organiser()?;
    transaction(conn, |conn| {
        let tournament = super::tournaments::create(conn, actor, settings)?;
        let id = tournament.id;
        let now = Utc::now().naive_utc();
        let mut by_number: HashMap<u32, PlayerId> = HashMap::new();
        let mut slips = Vec::with_capacity(details.len());
        for ((p, d), (pin, hash)) in trf.players.iter().zip(details).zip(pins) {
            let row = queries::insert_player(conn, &NewPlayer::from_details(id, d, hash, now))?;
            by_number.insert(p.number, row.id);
            slips.push(super::players::PinSlip {
                id: row.id,
                name: row.name,
                pin: pin.clone(),
            });
        }
        // The file's starting numbers are the pairing numbers.
        let numbers: Vec<(PlayerId, i32)> =
            by_number.iter().map(|(&n, &id)| (id, n as i32)).collect();
        queries::set_pairing_numbers(conn, &numbers)?;
        let rounds = trf.rounds();
        for number in 1..=rounds {
            write_round(conn, id, trf, number, &by_number, now)?;
        }
        Audit {
            actor,
            change: Change::TournamentImported { tournament: id },
            tournament_id: Some(id),
        }
        .record(
            conn,
            None::<&()>,
            Some(&serde_json::json!({"players": slips.len(), "rounds": rounds})),
        )?;
        Ok(Imported {
            tournament,
            pins: slips,
            rounds,
        })
    })
}

/// Round `number` of the file: its games (white's starting number orders the boards), the
/// pairing's byes and the byes asked for, published.
fn write_round(
    conn: &mut SqliteConnection,
    tournament_id: TournamentId,
    trf: &Trf,
    number: usize,
    by_number: &HashMap<u32, PlayerId>,
    now: chrono::NaiveDateTime,
) -> Result<(), ServiceError> {
    let round = queries::insert_round(
        conn,
        &NewRound {
            tournament_id,
            number: number as i32,
            created_at: now,
        },
    )?;
    let mut board = 0;
    let mut players: Vec<&crate::fide::trf::Player> = trf.players.iter().collect();
    players.sort_by_key(|p| p.number);
    for p in players {
        let cell = trf.cell(p.number, number);
        let me = by_number[&p.number];
        let bye = |kind| NewBye {
            tournament_id,
            player_id: me,
            round_number: number as i32,
            kind,
            created_at: now,
        };
        match cell.outcome {
            Outcome::HalfBye => {
                queries::put_bye(conn, &bye(ByeKind::Half))?;
            }
            Outcome::ZeroBye => {
                queries::put_bye(conn, &bye(ByeKind::Zero))?;
            }
            Outcome::FullBye => {
                queries::put_bye(conn, &bye(ByeKind::Full))?;
            }
            Outcome::PairingBye => {
                queries::insert_game(
                    conn,
                    &NewGame {
                        tournament_id,
                        round_id: round.id,
                        board: None,
                        south_id: me,
                        north_id: None,
                        status: GameStatus::Final,
                        kind: Some(ResultKind::Bye),
                        updated_at: now,
                        match_game: 1,
                    },
                )?;
            }
            _ => {
                // A game is written once, from White's line (South moves first); a pairing
                // without colours, from the lower starting number.
                let Some(opponent) = cell.opponent else {
                    continue;
                };
                let white = match cell.colour.map(Side::from) {
                    Some(side) => side == Side::South,
                    None => p.number < opponent,
                };
                if !white {
                    continue;
                }
                let Some(&north) = by_number.get(&opponent) else {
                    continue;
                };
                board += 1;
                let game = queries::insert_game(
                    conn,
                    &NewGame {
                        tournament_id,
                        round_id: round.id,
                        board: Some(board),
                        south_id: me,
                        north_id: Some(north),
                        status: GameStatus::Pending,
                        kind: None,
                        updated_at: now,
                        match_game: 1,
                    },
                )?;
                let theirs = trf.cell(opponent, number).outcome;
                let result = match (cell.outcome, theirs) {
                    (Outcome::Win | Outcome::UnratedWin, _) => {
                        Some((ResultKind::Played, Some(Winner::South)))
                    }
                    (Outcome::Loss | Outcome::UnratedLoss, _) => {
                        Some((ResultKind::Played, Some(Winner::North)))
                    }
                    (Outcome::Draw | Outcome::UnratedDraw, _) => {
                        Some((ResultKind::Played, Some(Winner::Draw)))
                    }
                    (Outcome::ForfeitWin, _) => Some((ResultKind::ForfeitNorth, None)),
                    (Outcome::ForfeitLoss, Outcome::ForfeitLoss) => {
                        Some((ResultKind::DoubleForfeit, None))
                    }
                    (Outcome::ForfeitLoss, _) => Some((ResultKind::ForfeitSouth, None)),
                    _ => None,
                };
                if let Some((kind, winner)) = result {
                    let mut result = super::games::without_game(
                        GameStatus::Final,
                        Some(kind),
                        "imported from a TRF file",
                    );
                    result.winner = winner;
                    queries::set_game_result(conn, game.id, &result)?;
                }
            }
        }
    }
    queries::publish_round(conn, round.id, now)?;
    Ok(())
}
