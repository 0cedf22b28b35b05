//! What players with SMS are told as the event goes, each queued in the transaction of the change
//! that tells it: a round's pairing (a match's plan of games with it) and a sheet to confirm
//! (from `super::reactions`, whatever route made the change); a pairing changed after
//! publication (`rounds::replace`), a match's next game (`matches::follow`), the round's end
//! drawing near (`schedule::start`) and a withdrawal or a return (`players::set_withdrawn`), each
//! from the one workflow that makes its change. [`super::sms_out`] words and sends them. It reads
//! the database and the names alone (`super::views`), so that the workflows that call it are not
//! used by it.

use std::collections::HashMap;

use chrono::{Duration, NaiveDateTime, Utc};
use diesel::sqlite::SqliteConnection;

use super::ServiceError;
use super::sms_out::{Kind, queue, queue_at, reachable_phones};
use crate::db::models::{Game, Round, Tournament};
use crate::db::queries;
use crate::db::sms::{self as stored, Phone};
use crate::tournament::matches::{self, MatchFormat, MatchLength};
use crate::tournament::said::{Kept, Said, Word};
use crate::tournament::{GameId, GameStatus, PlayerId, RoundId};

/// How long before a round's planned end its players still playing are warned.
pub const WARNING_BEFORE: Duration = Duration::minutes(10);

/// A round and what its messages need: the tournament, the players' names, the planned start.
struct RoundFacts {
    tournament: Tournament,
    round: Round,
    games: Vec<Game>,
    names: HashMap<PlayerId, String>,
    start: Option<String>,
    format: MatchFormat,
}

impl RoundFacts {
    fn load(conn: &mut SqliteConnection, round: RoundId) -> Result<RoundFacts, ServiceError> {
        let round = queries::get_round_by_id(conn, round)?;
        let tournament = queries::get_tournament(conn, round.tournament_id)?;
        // The planned start, in the venue's time as the staff set it.
        let start = crate::db::schedules::round_times(conn, tournament.id)?
            .into_iter()
            .find(|r| r.round_number == round.number)
            .and_then(|r| r.planned_start)
            .map(|at| at.format("%H:%M").to_string());
        Ok(RoundFacts {
            games: queries::round_games(conn, round.id)?,
            names: super::views::names(conn, tournament.id)?,
            format: tournament.settings.matches,
            tournament,
            round,
            start,
        })
    }

    fn name(&self, player: PlayerId) -> String {
        self.names.get(&player).cloned().unwrap_or_default()
    }

    /// Where `player` sits in the round, as its message says it (`None`: not in the round). A
    /// match's first game tells the pairing and the plan of its games.
    fn seat(&self, player: PlayerId) -> Option<(Kind, Said)> {
        let game = self
            .games
            .iter()
            .find(|g| g.match_game == 1 && (g.south_id == player || g.north_id == Some(player)))?;
        let start = self.start.clone().unwrap_or_else(|| "none".to_string());
        let Some(north) = game.north_id else {
            return Some((
                Kind::Bye,
                crate::said!("sms-bye", round = self.round.number),
            ));
        };
        let (side, opponent) = if game.south_id == player {
            ("south", north)
        } else {
            ("north", game.south_id)
        };
        let said = if self.format.single() {
            Said::new("sms-pairing")
        } else {
            Said::new("sms-match")
                .with("games", self.format.games)
                .with(
                    "length",
                    if self.format.length == MatchLength::BestOf {
                        "best"
                    } else {
                        "games"
                    },
                )
                .with(
                    "turns",
                    if matches::laid_out_at_pairing(&self.format) {
                        "alternate"
                    } else {
                        "results"
                    },
                )
        };
        Some((
            Kind::Pairing,
            said.with("round", self.round.number)
                .with("board", game.board.unwrap_or_default())
                .with("side", side)
                .with("opponent", self.name(opponent))
                .with("start", start),
        ))
    }
}

/// What a pairing message says of the seat alone (its key and facts but the start), to tell a
/// changed seat from one told before.
fn seat_facts(said: &Said) -> Said {
    let inner = match said.arg("pairing") {
        Some(Word::Said(inner)) => inner.as_ref(),
        _ => said,
    };
    Said {
        key: inner.key.clone(),
        args: inner
            .args
            .iter()
            .filter(|(name, _)| name != "start")
            .cloned()
            .collect(),
    }
}

/// A round published: each of its players with SMS gets their board, side, opponent, start and a
/// match's plan, or their bye.
pub fn round_published(conn: &mut SqliteConnection, round: RoundId) -> Result<(), ServiceError> {
    let facts = RoundFacts::load(conn, round)?;
    let phones = reachable_phones(conn, &facts.tournament)?;
    for (player, phone) in sorted(&phones) {
        if let Some((kind, said)) = facts.seat(player) {
            queue(conn, (&facts.tournament, phone), kind, &said, (None, None))?;
        }
    }
    Ok(())
}

/// A published round's pairings changed: each player with SMS whose seat is not the one told
/// last is told the new one (or that they are no longer paired); one told nothing of the round
/// yet, their seat.
pub fn pairing_changed(conn: &mut SqliteConnection, round: RoundId) -> Result<(), ServiceError> {
    let facts = RoundFacts::load(conn, round)?;
    if !facts.round.published {
        return Ok(());
    }
    let phones = reachable_phones(conn, &facts.tournament)?;
    for (player, phone) in sorted(&phones) {
        let told = last_seat_told(conn, player, facts.round.number)?;
        let (kind, said) = match (told, facts.seat(player)) {
            (Some(told), Some((_, now))) if seat_facts(&told) == seat_facts(&now) => continue,
            (Some(_), Some((_, now))) => (
                Kind::Changed,
                crate::said!("sms-changed", pairing = Word::Said(Box::new(now))),
            ),
            // Told nothing of this round yet (a player put in it, SMS turned on since): the seat.
            (None, Some(seat)) => seat,
            (Some(told), None) if told.key != "sms-unpaired" => (
                Kind::Changed,
                crate::said!("sms-unpaired", round = facts.round.number),
            ),
            (_, None) => continue,
        };
        queue(conn, (&facts.tournament, phone), kind, &said, (None, None))?;
    }
    Ok(())
}

/// The seat a player was told last for round `number` (a pairing, a bye, a change).
fn last_seat_told(
    conn: &mut SqliteConnection,
    player: PlayerId,
    number: i32,
) -> Result<Option<Said>, ServiceError> {
    let kinds = [Kind::Pairing, Kind::Bye, Kind::Changed].map(|k| k.to_string());
    for message in stored::told(conn, player, &kinds)? {
        let Kept::Said(said) = Kept::read(&message.said) else {
            continue;
        };
        // A match's next game tells no seat of the round's pairing.
        if said.key == "sms-match-game" {
            continue;
        }
        let round = match said.arg("pairing") {
            Some(Word::Said(inner)) => inner.arg("round"),
            _ => said.arg("round"),
        };
        if round == Some(&Word::Number(f64::from(number))) {
            return Ok(Some(said));
        }
    }
    Ok(None)
}

/// A match's next game laid out as its results come: both players with SMS told their side.
pub fn match_game_added(conn: &mut SqliteConnection, game: GameId) -> Result<(), ServiceError> {
    let game = queries::get_game(conn, game)?;
    let Some(north) = game.north_id else {
        return Ok(());
    };
    let facts = RoundFacts::load(conn, game.round_id)?;
    let phones = reachable_phones(conn, &facts.tournament)?;
    for (player, side, opponent) in [
        (game.south_id, "south", north),
        (north, "north", game.south_id),
    ] {
        let Some(phone) = phones.get(&player) else {
            continue;
        };
        let said = crate::said!(
            "sms-match-game",
            round = facts.round.number,
            board = game.board.unwrap_or_default(),
            game = game.match_game,
            side,
            opponent = facts.name(opponent)
        );
        queue(
            conn,
            (&facts.tournament, phone),
            Kind::Pairing,
            &said,
            (None, None),
        )?;
    }
    Ok(())
}

/// A round started with a planned end (`end`, UTC): each player with SMS whose game is still
/// being played then is warned [`WARNING_BEFORE`] it (a warning whose game is over by then is
/// not sent: [`super::sms_out`]).
pub fn round_started(
    conn: &mut SqliteConnection,
    round: RoundId,
    (end, end_at_venue): (NaiveDateTime, NaiveDateTime),
) -> Result<(), ServiceError> {
    let facts = RoundFacts::load(conn, round)?;
    let due = end - WARNING_BEFORE;
    if due <= Utc::now().naive_utc() {
        return Ok(());
    }
    let phones = reachable_phones(conn, &facts.tournament)?;
    // One warning a board: a match's games are one board.
    for game in facts.games.iter().filter(|g| g.match_game == 1) {
        let Some(north) = game.north_id else {
            continue;
        };
        for player in [game.south_id, north] {
            let Some(phone) = phones.get(&player) else {
                continue;
            };
            let said = crate::said!(
                "sms-warning",
                round = facts.round.number,
                board = game.board.unwrap_or_default(),
                minutes = WARNING_BEFORE.num_minutes(),
                end = end_at_venue.format("%H:%M").to_string()
            );
            queue_at(conn, (&facts.tournament, phone), Kind::Warning, &said, due)?;
        }
    }
    Ok(())
}

/// A player withdrawn (or back in): told, when SMS reach them.
pub fn withdrawn(
    conn: &mut SqliteConnection,
    player: PlayerId,
    withdrawn: bool,
) -> Result<(), ServiceError> {
    let Some(phone) = stored::phone(conn, player)? else {
        return Ok(());
    };
    let tournament = queries::get_tournament(conn, phone.tournament_id)?;
    if !reachable_phones(conn, &tournament)?.contains_key(&player) {
        return Ok(());
    }
    let key = if withdrawn {
        "sms-withdrawn"
    } else {
        "sms-reinstated"
    };
    queue(
        conn,
        (&tournament, &phone),
        Kind::Withdrawal,
        &Said::new(key).with("tournament", tournament.name.clone()),
        (None, None),
    )?;
    Ok(())
}

/// A sheet sent that waits for the opponent: the opponent, when SMS reach them, is asked to
/// confirm it with a code (`OK 4821`) or to dispute it (`NO 4821`).
pub fn ask_to_confirm(conn: &mut SqliteConnection, game: GameId) -> Result<(), ServiceError> {
    let game = queries::get_game(conn, game)?;
    if game.status != GameStatus::Submitted {
        return Ok(());
    }
    let Some(sheet) = queries::last_sheet(conn, game.id)? else {
        return Ok(());
    };
    let opponent = if sheet.player_id == game.south_id {
        game.north_id
    } else {
        Some(game.south_id)
    };
    let Some(opponent) = opponent else {
        return Ok(());
    };
    let tournament = queries::get_tournament(conn, game.tournament_id)?;
    let phones = reachable_phones(conn, &tournament)?;
    let Some(phone) = phones.get(&opponent) else {
        return Ok(());
    };
    let round = queries::get_round_by_id(conn, game.round_id)?;
    let sender = queries::get_player(conn, tournament.id, sheet.player_id)?.name;
    let code = format!("{:04}", rand::random::<u16>() % 10_000);
    let said = crate::said!(
        "sms-confirm",
        round = round.number,
        board = game.board.unwrap_or_default(),
        sender,
        winner = sheet.winner.to_string(),
        south = sheet.south_seeds,
        north = sheet.north_seeds,
        code = code.clone()
    );
    queue(
        conn,
        (&tournament, phone),
        Kind::Confirm,
        &said,
        (Some(code), Some(sheet.id)),
    )?;
    Ok(())
}

/// The phones in the players' order (messages queued in a stable order).
fn sorted(phones: &HashMap<PlayerId, Phone>) -> Vec<(PlayerId, &Phone)> {
    let mut all: Vec<(PlayerId, &Phone)> = phones.iter().map(|(&p, phone)| (p, phone)).collect();
    all.sort_by_key(|(p, _)| *p);
    all
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::games::{Decision, Ruling, set_result};
    use crate::service::rounds::{create_prepared, prepare, publish};
    use crate::service::schedule::{self, ScheduleInput};
    use crate::service::sms::{PhoneChange, set_phone, set_settings};
    use crate::service::sms_out::warning_needed;
    use crate::service::testing::{organiser, settings, tournament};
    use crate::tournament::ResultKind;
    use crate::tournament::said::Kept;

    #[test]
    fn a_round_s_end_warning_falls_due_before_its_end_and_only_while_the_game_is_open() {
        let (_dir, mut conn, t) =
            tournament(&["A", "B", "C", "D"], &settings(serde_json::json!({})));
        let actor = organiser();
        set_settings(&mut conn, &actor, t, (true, 100)).unwrap();
        for (i, player) in queries::list_players(&mut conn, t)
            .unwrap()
            .iter()
            .enumerate()
        {
            let number = format!("+23320500000{i}");
            let change = PhoneChange::Number {
                number,
                consent: true,
            };
            set_phone(&mut conn, &actor, (t, player.id), change, None).unwrap();
        }
        let input: ScheduleInput =
            serde_json::from_value(serde_json::json!({"round_minutes": 90})).unwrap();
        schedule::set(&mut conn, &actor, t, &input).unwrap();
        let prepared = prepare(&mut conn, &actor, t, None).unwrap();
        let round = create_prepared(&mut conn, &actor, t, &prepared).unwrap();
        publish(&mut conn, &actor, t, 1).unwrap();
        let before = Utc::now().naive_utc();
        schedule::start(&mut conn, &actor, t, 1).unwrap();
        let warnings: Vec<_> = stored::of_tournament(&mut conn, t, 100)
            .unwrap()
            .into_iter()
            .filter(|m| m.kind == Kind::Warning.to_string())
            .collect();
        assert_eq!(warnings.len(), 4);
        for w in &warnings {
            // Ninety minutes from the start, ten before its end.
            let ahead = w.due_at - before;
            assert!(
                ahead > Duration::minutes(79)
                    && ahead <= Duration::minutes(80) + Duration::seconds(5),
                "{ahead}"
            );
        }
        let game = &round.games[0];
        let board = game.board.unwrap_or_default();
        let of_game =
            |p: PlayerId| game.south.id == p || game.north.as_ref().is_some_and(|n| n.id == p);
        let warned = warnings
            .iter()
            .find(|w| of_game(w.player_id.unwrap()))
            .unwrap();
        let Kept::Said(warned_said) = Kept::read(&warned.said) else {
            panic!("a warning is kept as facts")
        };
        assert_eq!(
            warned_said.arg("board"),
            Some(&Word::Number(f64::from(board)))
        );
        let warned_player = warned.player_id.unwrap();
        assert!(warning_needed(&mut conn, t, warned_player, &warned_said).unwrap());
        let neither = Decision {
            ruling: Ruling::Without(ResultKind::DoubleForfeit),
            reason: "neither came".to_string(),
            seen: None,
        };
        set_result(&mut conn, &actor, game.id, &neither).unwrap();
        assert!(!warning_needed(&mut conn, t, warned_player, &warned_said).unwrap());
    }
}
