//! Tournaments: their settings (created and changed by organisers), the controllers assigned to
//! them, and the tournament as pages and the API show it.

use chrono::{NaiveDate, Utc};
use diesel::sqlite::SqliteConnection;
use serde::Serialize;

use super::changes::Change;
use super::players::PlayerView;
use super::views::{GameView, player_games};
use super::{Actor, Audit, Found, ServiceError, transaction};
use crate::auth::Role;
use crate::db::models::{NewAssignment, Tournament, TournamentForm};
use crate::db::queries;
use crate::engine::Rules;
use crate::tournament::matches::MatchFormat;
use crate::tournament::said::Said;
use crate::tournament::{
    CheckIn, EventId, Format, Points, TiePolicy, Tiebreak, TournamentId, TournamentSettings,
};

/// The settings of a stored tournament. The one place they are read back: a row that cannot be
/// read is an error, never a silent default.
pub fn stored_settings(t: &Tournament) -> Result<TournamentSettings, ServiceError> {
    let unreadable =
        |what: String| ServiceError::Internal(format!("tournament {}: stored {what}", t.id));
    let rules: Rules = serde_json::from_str(&t.rules)
        .map_err(|e| unreadable(format!("rules cannot be read ({e})")))?;
    let tiebreaks = t
        .tiebreaks
        .split(',')
        .filter(|c| !c.is_empty())
        .map(|c| {
            c.parse::<Tiebreak>()
                .map_err(|_| unreadable(format!("tie-break {c:?} is unknown")))
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(TournamentSettings {
        name: t.name.clone(),
        venue: t.venue.clone(),
        start_date: t.start_date,
        end_date: t.end_date,
        rules,
        rounds: t.rounds,
        format: t.format(),
        points: Points {
            win: t.points_win,
            draw: t.points_draw,
            loss: t.points_loss,
            bye: t.points_bye,
        },
        tiebreaks,
        require_moves: t.require_moves,
        require_confirmation: t.require_confirmation,
        club_rounds: t.club_rounds,
        matches: MatchFormat {
            games: t.match_games,
            length: t.match_length,
            start: t.match_start,
            score: t.match_score,
            tie: t.match_tie,
        },
        event_id: t.event_id,
        tie_policy: t.tie_policy,
        lots_seed: t.lots_seed,
        check_in: t.check_in,
        adjudication: t.adjudication,
        // Stored apart: see `language` and `stored_settings_with_language`.
        language: "en".to_string(),
    })
}

/// The tournament's own language code (`en` when none was set).
pub fn language(conn: &mut SqliteConnection, id: TournamentId) -> Result<String, ServiceError> {
    Ok(crate::db::languages::get(conn, id)?)
}

/// The settings as stored, the tournament's language with them.
pub fn stored_settings_with_language(
    conn: &mut SqliteConnection,
    t: &Tournament,
) -> Result<TournamentSettings, ServiceError> {
    Ok(TournamentSettings {
        language: language(conn, t.id)?,
        ..stored_settings(t)?
    })
}

/// A tournament as the API and pages show it.
#[derive(Clone, Debug, Serialize)]
pub struct TournamentView {
    pub id: TournamentId,
    pub name: String,
    pub venue: String,
    pub start_date: Option<NaiveDate>,
    pub end_date: Option<NaiveDate>,
    /// The preset's name.
    pub rules: String,
    /// Every rule option in force.
    pub rule_options: Rules,
    pub rounds: i32,
    /// How its rounds are paired (shown as `pairing`, `third_place`, `double_elimination`).
    #[serde(flatten)]
    pub format: Format,
    pub points: Points,
    pub tiebreaks: Vec<Tiebreak>,
    pub require_moves: bool,
    pub require_confirmation: bool,
    /// Clubmates are not paired together in rounds 1 to this.
    pub club_rounds: i32,
    /// What a pairing plays.
    pub matches: MatchFormat,
    /// The tournament whose final standings gave this one its players.
    pub previous_stage: Option<TournamentId>,
    /// A play-off: the place of the previous stage's standings it decides.
    pub playoff_place: Option<i32>,
    /// The event it is a section of.
    pub event_id: Option<EventId>,
    /// How players level on points are ordered.
    pub tie_policy: TiePolicy,
    /// Lots part players still level, drawn from this seed.
    pub lots_seed: Option<i64>,
    pub check_in: CheckIn,
    /// How a game unfinished at the end of the round's time is adjudicated.
    pub adjudication: crate::tournament::Adjudication,
}

impl TournamentView {
    pub fn new(t: &Tournament) -> Result<TournamentView, ServiceError> {
        let s = stored_settings(t)?;
        Ok(TournamentView {
            id: t.id,
            name: s.name,
            venue: s.venue,
            start_date: s.start_date,
            end_date: s.end_date,
            rules: s.rules.name().to_string(),
            rule_options: s.rules,
            rounds: s.rounds,
            format: s.format,
            points: s.points,
            tiebreaks: s.tiebreaks,
            require_moves: s.require_moves,
            require_confirmation: s.require_confirmation,
            club_rounds: s.club_rounds,
            matches: s.matches,
            previous_stage: t.previous_stage,
            playoff_place: t.playoff_place,
            event_id: t.event_id,
            tie_policy: s.tie_policy,
            lots_seed: s.lots_seed,
            check_in: s.check_in,
            adjudication: s.adjudication,
        })
    }

    pub fn dates(&self) -> String {
        dates_text(self.start_date, self.end_date)
    }

    /// The tie-break codes in order, as a list people read.
    pub fn tiebreak_list(&self) -> String {
        self.tiebreaks
            .iter()
            .map(|t| t.code())
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The options that differ from the preset, by name.
    pub fn overridden(&self) -> serde_json::Map<String, serde_json::Value> {
        let preset = serde_json::to_value(self.rule_options.preset.rules()).unwrap_or_default();
        let actual = serde_json::to_value(&self.rule_options).unwrap_or_default();
        actual
            .as_object()
            .map(|a| {
                a.iter()
                    .filter(|(k, v)| preset.get(k.as_str()) != Some(v))
                    .map(|(k, v)| (k.clone(), v.clone()))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The options that differ from the preset, as `name: value`.
    pub fn overridden_options(&self) -> Vec<String> {
        self.overridden()
            .iter()
            .map(|(k, v)| format!("{k}: {v}"))
            .collect()
    }
}

/// Points as people write them: `1`, `½`, `2½` (never `-0`).
pub fn points_text(p: f64) -> String {
    let p = if p == 0.0 { 0.0 } else { p };
    if p.fract() == 0.5 {
        if p < 1.0 {
            "½".to_string()
        } else {
            format!("{}½", p.trunc())
        }
    } else {
        format!("{p}")
    }
}

/// A tournament's or an event's dates: "2026-07-12 – 2026-07-14", one date, or nothing.
pub fn dates_text(start: Option<NaiveDate>, end: Option<NaiveDate>) -> String {
    match (start, end) {
        (Some(s), Some(e)) if s != e => format!("{s} – {e}"),
        (Some(s), _) => s.to_string(),
        (None, Some(e)) => e.to_string(),
        (None, None) => String::new(),
    }
}

pub(super) fn tournament_form(settings: &TournamentSettings) -> TournamentForm {
    TournamentForm {
        name: settings.name.clone(),
        venue: settings.venue.clone(),
        start_date: settings.start_date,
        end_date: settings.end_date,
        rules: serde_json::to_string(&settings.rules).expect("rules serialise"),
        rounds: settings.rounds,
        pairing: settings.format.pairing(),
        points_win: settings.points.win,
        points_draw: settings.points.draw,
        points_loss: settings.points.loss,
        points_bye: settings.points.bye,
        tiebreaks: settings
            .tiebreaks
            .iter()
            .map(|t| t.code())
            .collect::<Vec<_>>()
            .join(","),
        require_moves: settings.require_moves,
        require_confirmation: settings.require_confirmation,
        club_rounds: settings.club_rounds,
        match_games: settings.matches.games,
        match_length: settings.matches.length,
        match_start: settings.matches.start,
        match_score: settings.matches.score,
        match_tie: settings.matches.tie,
        third_place: settings.format.third_place(),
        double_elimination: settings.format.double_elimination(),
        event_id: settings.event_id,
        tie_policy: settings.tie_policy,
        lots_seed: settings.lots_seed,
        check_in: settings.check_in,
        adjudication: settings.adjudication,
    }
}

/// Refuses a section of an event that does not exist.
fn check_event(
    conn: &mut SqliteConnection,
    settings: &TournamentSettings,
) -> Result<(), ServiceError> {
    match settings.event_id {
        Some(id) if crate::db::events::get_event(conn, id)?.is_none() => Err(
            ServiceError::Invalid(crate::said!("event-id-there-no-event", id)),
        ),
        _ => Ok(()),
    }
}

/// Every tournament, newest first.
pub fn list(conn: &mut SqliteConnection) -> Result<Vec<TournamentView>, ServiceError> {
    queries::list_tournaments(conn)?
        .iter()
        .map(TournamentView::new)
        .collect()
}

pub fn get(conn: &mut SqliteConnection, id: TournamentId) -> Result<TournamentView, ServiceError> {
    TournamentView::new(&queries::get_tournament(conn, id).or_not_found("tournament")?)
}

/// An organiser creates a tournament.
pub fn create(
    conn: &mut SqliteConnection,
    actor: &Actor,
    settings: &TournamentSettings,
) -> Result<TournamentView, ServiceError> {
    actor.organiser()?;
    let form = tournament_form(settings);
    transaction(conn, |conn| {
        check_event(conn, settings)?;
        let t = queries::insert_tournament(conn, &form, Utc::now().naive_utc())?;
        crate::db::languages::set(conn, t.id, &settings.language)?;
        Audit {
            actor,
            change: Change::TournamentCreated { tournament: t.id },
            tournament_id: Some(t.id),
        }
        .record(conn, None::<&()>, Some(&form))?;
        TournamentView::new(&t)
    })
}

/// An organiser changes a tournament's settings.
pub fn update(
    conn: &mut SqliteConnection,
    actor: &Actor,
    id: TournamentId,
    settings: &TournamentSettings,
) -> Result<TournamentView, ServiceError> {
    actor.organiser()?;
    let form = tournament_form(settings);
    transaction(conn, |conn| {
        let before = queries::get_tournament(conn, id).or_not_found("tournament")?;
        check_change(conn, &before, settings)?;
        check_event(conn, settings)?;
        let t = queries::update_tournament(conn, id, &form)?;
        crate::db::languages::set(conn, id, &settings.language)?;
        Audit {
            actor,
            change: Change::TournamentUpdated { tournament: id },
            tournament_id: Some(id),
        }
        .record(conn, Some(&before), Some(&form))?;
        TournamentView::new(&t)
    })
}

/// Refuses a change of settings that would change what was already paired or played: those
/// `tournament::settings::FIXED` declares, move lists required once sheets were sent without
/// them, and a number of rounds below the rounds already paired.
fn check_change(
    conn: &mut SqliteConnection,
    before: &Tournament,
    settings: &TournamentSettings,
) -> Result<(), ServiceError> {
    let rounds = queries::list_rounds(conn, before.id)?;
    let stored = stored_settings(before)?;
    let published = rounds.iter().any(|r| r.published);
    if let Some(why) = stored.fixed_change(settings, !rounds.is_empty(), published) {
        return Err(ServiceError::Conflict(Said::new(why)));
    }
    if settings.require_moves && !stored.require_moves {
        let without = queries::count_sheets_without_moves(conn, before.id)?;
        if without > 0 {
            return Err(ServiceError::Conflict(crate::said!(
                "moves-required-after-sheets-without",
                sheets = without
            )));
        }
    }
    let paired = rounds.iter().map(|r| r.number).max().unwrap_or(0);
    if settings.rounds < paired {
        return Err(ServiceError::Conflict(crate::said!(
            "rounds-rounds-paired-already-tournament",
            paired
        )));
    }
    Ok(())
}

pub use crate::tournament::settings::{MATCHES_FIXED, RULES_FIXED};

/// Whether what a pairing plays is fixed (a round is paired).
pub fn matches_fixed(conn: &mut SqliteConnection, id: TournamentId) -> Result<bool, ServiceError> {
    Ok(!queries::list_rounds(conn, id)?.is_empty())
}

/// Whether the tournament's rules are fixed (a round is published).
pub fn rules_fixed(conn: &mut SqliteConnection, id: TournamentId) -> Result<bool, ServiceError> {
    Ok(queries::list_rounds(conn, id)?.iter().any(|r| r.published))
}

/// An organiser assigns (or with `assign` false, unassigns) a controller to a tournament; the
/// tournament's controllers afterwards.
pub fn assign_controller(
    conn: &mut SqliteConnection,
    actor: &Actor,
    tournament_id: TournamentId,
    username: &str,
    assign: bool,
) -> Result<Vec<String>, ServiceError> {
    actor.organiser()?;
    transaction(conn, |conn| {
        queries::get_tournament(conn, tournament_id).or_not_found("tournament")?;
        let account = queries::find_account_by_username(conn, username)?
            .ok_or_else(|| ServiceError::Invalid(crate::said!("there-no-account", username)))?;
        if account.role != Role::Controller {
            return Err(ServiceError::Invalid(crate::said!(
                "organiser-organisers-run-every-tournament",
                username
            )));
        }
        let changed = if assign {
            queries::assign_controller(
                conn,
                &NewAssignment {
                    tournament_id,
                    account_id: account.id,
                },
            )?
        } else {
            queries::unassign_controller(conn, tournament_id, account.id)?
        };
        if changed > 0 {
            Audit {
                actor,
                change: if assign {
                    Change::ControllerAssigned {
                        account: account.id,
                    }
                } else {
                    Change::ControllerUnassigned {
                        account: account.id,
                    }
                },
                tournament_id: Some(tournament_id),
            }
            .record(
                conn,
                None::<&()>,
                Some(&serde_json::json!({"controller": username})),
            )?;
        }
        controllers(conn, tournament_id)
    })
}

fn controllers(
    conn: &mut SqliteConnection,
    tournament_id: TournamentId,
) -> Result<Vec<String>, ServiceError> {
    Ok(queries::controllers_of(conn, tournament_id)?
        .into_iter()
        .map(|a| a.username)
        .collect())
}

/// A tournament's page: its settings, players and controllers, whether the actor runs it, and
/// the signed-in player's own games.
pub struct TournamentPage {
    pub t: TournamentView,
    pub players: Vec<PlayerView>,
    pub controllers: Vec<String>,
    /// The controllers of its event, who run it too.
    pub event_controllers: Vec<String>,
    /// For organisers: the controller accounts not assigned to it, to choose from.
    pub unassigned: Vec<String>,
    pub runs: bool,
    pub my_games: Vec<GameView>,
    /// Pairings ruled out (shown to the staff).
    pub prohibited: Vec<super::restrictions::PairView>,
    /// A round is paired: the pairing numbers are fixed.
    pub paired: bool,
    /// The roll call open, if one is: its round, and the signed-in player's answer.
    pub roll_call: Option<(i32, Option<bool>)>,
    /// The staff's notice to everyone.
    pub notice: Option<super::notices::Notice>,
    /// The tournament's own language code.
    pub language: String,
    /// Its games count for the rating list (its ratings page is linked).
    pub rated: bool,
    /// The players' register numbers that name a person here: their card across events is
    /// linked.
    pub cards: std::collections::HashSet<i32>,
}

pub fn page(
    conn: &mut SqliteConnection,
    actor: &Actor,
    id: TournamentId,
) -> Result<TournamentPage, ServiceError> {
    let t = get(conn, id)?;
    let players = super::players::numbered(&queries::list_players(conn, id)?);
    let my_games = match actor.player_in(id) {
        Some(me) => player_games(conn, id, me, &t.matches)?,
        None => Vec::new(),
    };
    let runs = actor.runs(conn, id)?;
    let prohibited = if runs {
        super::restrictions::list(conn, id)?
    } else {
        Vec::new()
    };
    let controllers = controllers(conn, id)?;
    let event_controllers = match t.event_id {
        Some(event) => crate::db::events::controllers(conn, event)?
            .into_iter()
            .map(|a| a.username)
            .filter(|name| !controllers.contains(name))
            .collect(),
        None => Vec::new(),
    };
    let unassigned = if actor.organiser().is_ok() {
        queries::list_accounts(conn)?
            .into_iter()
            .filter(|a| a.role == Role::Controller && !controllers.contains(&a.username))
            .map(|a| a.username)
            .collect()
    } else {
        Vec::new()
    };
    Ok(TournamentPage {
        t,
        controllers,
        event_controllers,
        unassigned,
        runs,
        my_games,
        prohibited,
        paired: !queries::list_rounds(conn, id)?.is_empty(),
        roll_call: super::roll_call::open_for(conn, id, actor.player_in(id))?,
        notice: super::notices::get(conn, id)?,
        language: language(conn, id)?,
        rated: crate::db::register::is_rated(conn, id)?,
        cards: crate::db::register::existing(
            conn,
            &players
                .iter()
                .filter_map(|p| p.register_id)
                .collect::<Vec<_>>(),
        )?,
        players,
    })
}
