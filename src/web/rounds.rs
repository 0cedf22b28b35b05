//! Rounds: pairings generated (round robin, Swiss) or entered by hand, checked, edited until
//! published; the public pairing list, a printable list and CSV.

use std::collections::{HashMap, HashSet};

use actix_web::{HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use chrono::Utc;
use diesel::sqlite::SqliteConnection;
use serde::{Deserialize, Serialize};

use super::AppState;
use super::access::{self, Staff};
use super::actions::{Audit, transaction};
use super::error::{ApiError, AppError, PageError};
use super::pages::{CsrfOnly, Nav, check_csrf, see_other};
use crate::auth::UserSession;
use crate::db::models::{Game, NewGame, NewRound, Player, Round, Tournament};
use crate::db::queries;
use crate::tournament::history::{GameRecord, meetings, swiss_players};
use crate::tournament::pairing::{Pair, RoundPairing, check_pairing, round_robin, swiss};
use crate::tournament::results::result_text;
use crate::tournament::{Pairing, ResultKind, Winner};

/// A game as the history of the tournament sees it.
pub fn game_record(game: &Game, round: i32) -> GameRecord {
    let counts = game.status == "confirmed" || game.status == "final";
    let result = if counts {
        game.kind
            .as_deref()
            .and_then(ResultKind::parse)
            .map(|k| (k, game.winner.as_deref().and_then(Winner::parse)))
    } else {
        None
    };
    GameRecord {
        id: game.id,
        round,
        board: game.board,
        south: game.south_id,
        north: game.north_id,
        result,
        seeds: game.south_seeds.zip(game.north_seeds),
    }
}

/// Every game of a tournament with its round number (only rounds before `before`, if given).
pub fn records(
    conn: &mut SqliteConnection,
    tournament_id: i32,
    before: Option<i32>,
) -> Result<Vec<GameRecord>, AppError> {
    let rounds: HashMap<i32, i32> = queries::list_rounds(conn, tournament_id)?
        .into_iter()
        .map(|r| (r.id, r.number))
        .collect();
    Ok(queries::tournament_games(conn, tournament_id)?
        .iter()
        .filter_map(|g| {
            let number = rounds.get(&g.round_id).copied()?;
            before
                .is_none_or(|b| number < b)
                .then(|| game_record(g, number))
        })
        .collect())
}

/// Pairings as a request gives them.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PairingEntry {
    pub board: Option<i32>,
    pub south: Option<i32>,
    pub north: Option<i32>,
    pub bye: Option<i32>,
}

#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoundBody {
    pub pairings: Option<Vec<PairingEntry>>,
    #[serde(default)]
    pub generate: bool,
}

/// What a round is made from.
#[derive(Clone, Debug)]
pub enum RoundRequest {
    Generate,
    /// Boards with their numbers, and byes.
    Manual(Vec<(i32, Pair)>, Vec<i32>),
}

impl RoundBody {
    pub fn request(&self) -> Result<RoundRequest, AppError> {
        match (&self.pairings, self.generate) {
            (Some(_), true) => Err(AppError::BadRequest(
                "give either \"pairings\" or \"generate\": true, not both".to_string(),
            )),
            (None, false) => Err(AppError::BadRequest(
                "give \"pairings\" or \"generate\": true".to_string(),
            )),
            (None, true) => Ok(RoundRequest::Generate),
            (Some(entries), false) => manual_request(entries),
        }
    }
}

/// Reads hand-entered boards and byes; board numbers not given follow the last one.
pub fn manual_request(entries: &[PairingEntry]) -> Result<RoundRequest, AppError> {
    let mut boards = Vec::new();
    let mut byes = Vec::new();
    let mut problems = Vec::new();
    let mut next_board = 1;
    for (i, e) in entries.iter().enumerate() {
        match (e.south, e.north, e.bye) {
            (Some(south), Some(north), None) => {
                let board = e.board.unwrap_or(next_board);
                if board < 1 {
                    problems.push(format!("pairing {}: board numbers start at 1", i + 1));
                }
                next_board = board + 1;
                boards.push((board, Pair { south, north }));
            }
            (None, None, Some(bye)) if e.board.is_none() => byes.push(bye),
            _ => problems.push(format!(
                "pairing {}: give \"south\" and \"north\" (and optionally \"board\"), or \"bye\" alone",
                i + 1
            )),
        }
    }
    let mut seen = HashSet::new();
    for (board, _) in &boards {
        if !seen.insert(*board) {
            problems.push(format!("board {board} is given twice"));
        }
    }
    if problems.is_empty() {
        Ok(RoundRequest::Manual(boards, byes))
    } else {
        Err(AppError::Invalid(problems.join("; ")))
    }
}

/// The pairing the tournament's system gives for round `number`.
fn generate(
    conn: &mut SqliteConnection,
    t: &Tournament,
    number: i32,
) -> Result<RoundPairing, AppError> {
    let players = queries::list_players(conn, t.id)?;
    let system = Pairing::parse(&t.pairing).unwrap_or(Pairing::Manual);
    match system {
        Pairing::Manual => Err(AppError::Invalid(
            "this tournament's pairings are entered by hand: give \"pairings\"".to_string(),
        )),
        Pairing::RoundRobin => {
            // The whole table is drawn from the players in order of registration, so that it
            // stays the same from round to round; a withdrawn player's opponent has a bye.
            let mut seeded: Vec<&Player> = players.iter().collect();
            seeded.sort_by_key(|p| p.id);
            let ids: Vec<i32> = seeded.iter().map(|p| p.id).collect();
            let withdrawn: HashSet<i32> = players
                .iter()
                .filter(|p| p.withdrawn)
                .map(|p| p.id)
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
            Ok(pairing)
        }
        Pairing::Swiss => {
            let scoring = crate::tournament::Points {
                win: t.points_win,
                draw: t.points_draw,
                loss: t.points_loss,
                bye: t.points_bye,
            };
            let history = records(conn, t.id, Some(number))?;
            let active: Vec<(i32, Option<i32>)> = players
                .iter()
                .filter(|p| !p.withdrawn)
                .map(|p| (p.id, p.rating))
                .collect();
            let pool = swiss_players(&active, &history, &scoring);
            swiss(&pool).map_err(|e| AppError::Invalid(format!("no Swiss pairing: {e}")))
        }
    }
}

/// Checks a pairing; errors refuse it, warnings go back with the round.
fn check(
    conn: &mut SqliteConnection,
    tournament_id: i32,
    number: i32,
    pairing: &RoundPairing,
) -> Result<Vec<String>, AppError> {
    let players: HashMap<i32, (String, bool)> = queries::list_players(conn, tournament_id)?
        .into_iter()
        .map(|p| (p.id, (p.name, p.withdrawn)))
        .collect();
    let history = records(conn, tournament_id, Some(number))?;
    let (met, byes) = meetings(&history);
    let result = check_pairing(pairing, &players, &met, &byes);
    if result.errors.is_empty() {
        Ok(result.warnings)
    } else {
        Err(AppError::Invalid(result.errors.join("; ")))
    }
}

/// Writes the games of a pairing (boards numbered as given, byes final at once).
fn write_games(
    conn: &mut SqliteConnection,
    tournament_id: i32,
    round_id: i32,
    boards: &[(i32, Pair)],
    byes: &[i32],
) -> Result<(), AppError> {
    let now = Utc::now().naive_utc();
    for (board, pair) in boards {
        queries::insert_game(
            conn,
            &NewGame {
                tournament_id,
                round_id,
                board: Some(*board),
                south_id: pair.south,
                north_id: Some(pair.north),
                status: "pending",
                kind: None,
                updated_at: now,
            },
        )?;
    }
    for bye in byes {
        queries::insert_game(
            conn,
            &NewGame {
                tournament_id,
                round_id,
                board: None,
                south_id: *bye,
                north_id: None,
                status: "final",
                kind: Some(ResultKind::Bye.name()),
                updated_at: now,
            },
        )?;
    }
    Ok(())
}

/// Numbered boards, byes and the warnings of their check.
type Resolved = (Vec<(i32, Pair)>, Vec<i32>, Vec<String>);

/// Resolves a request into numbered boards and byes, and checks them.
fn resolve(
    conn: &mut SqliteConnection,
    t: &Tournament,
    number: i32,
    request: &RoundRequest,
) -> Result<Resolved, AppError> {
    let (boards, byes) = match request {
        RoundRequest::Generate => {
            let p = generate(conn, t, number)?;
            let boards = p
                .boards
                .iter()
                .enumerate()
                .map(|(i, b)| (i as i32 + 1, *b))
                .collect();
            (boards, p.byes)
        }
        RoundRequest::Manual(boards, byes) => (boards.clone(), byes.clone()),
    };
    let pairing = RoundPairing {
        boards: boards.iter().map(|(_, p)| *p).collect(),
        byes: byes.clone(),
    };
    let warnings = check(conn, t.id, number, &pairing)?;
    Ok((boards, byes, warnings))
}

/// Creates the next round of a tournament.
pub fn create_round(
    conn: &mut SqliteConnection,
    actor: &str,
    tournament_id: i32,
    request: &RoundRequest,
) -> Result<(Round, Vec<String>), AppError> {
    transaction(conn, |conn| {
        let t = queries::get_tournament(conn, tournament_id)
            .map_err(|_| AppError::not_found("tournament"))?;
        let rounds = queries::list_rounds(conn, tournament_id)?;
        if let Some(last) = rounds.last()
            && !last.published
        {
            return Err(AppError::Conflict(format!(
                "round {} is not published yet: publish it (or change it) before pairing the next",
                last.number
            )));
        }
        let number = rounds.last().map_or(1, |r| r.number + 1);
        if number > t.rounds {
            return Err(AppError::Conflict(format!(
                "the tournament has {} rounds, all paired",
                t.rounds
            )));
        }
        let (boards, byes, mut warnings) = resolve(conn, &t, number, request)?;
        let round = queries::insert_round(
            conn,
            &NewRound {
                tournament_id,
                number,
                created_at: Utc::now().naive_utc(),
            },
        )?;
        write_games(conn, tournament_id, round.id, &boards, &byes)?;
        if let Some(last) = rounds.last() {
            let open = queries::round_games(conn, last.id)?
                .iter()
                .filter(|g| g.status != "confirmed" && g.status != "final")
                .count();
            if open > 0 {
                warnings.push(format!(
                    "{open} game{} of round {} {} no final result; the pairing used the results that count",
                    if open == 1 { "" } else { "s" },
                    last.number,
                    if open == 1 { "has" } else { "have" }
                ));
            }
        }
        Audit {
            actor,
            action: "round.create",
            tournament_id: Some(tournament_id),
            entity: "round",
            entity_id: Some(round.id),
        }
        .record(conn, None::<&()>, Some(&pairing_summary(&boards, &byes)))?;
        Ok((round, warnings))
    })
}

fn pairing_summary(boards: &[(i32, Pair)], byes: &[i32]) -> serde_json::Value {
    serde_json::json!({
        "boards": boards.iter().map(|(b, p)| serde_json::json!({"board": b, "south": p.south, "north": p.north})).collect::<Vec<_>>(),
        "byes": byes,
    })
}

/// Replaces the pairings of an unpublished round.
pub fn replace_pairing(
    conn: &mut SqliteConnection,
    actor: &str,
    tournament_id: i32,
    number: i32,
    request: &RoundRequest,
) -> Result<(Round, Vec<String>), AppError> {
    transaction(conn, |conn| {
        let t = queries::get_tournament(conn, tournament_id)
            .map_err(|_| AppError::not_found("tournament"))?;
        let round = queries::get_round(conn, tournament_id, number)
            .map_err(|_| AppError::not_found("round"))?;
        if round.published {
            return Err(AppError::Conflict(format!(
                "round {number} is published: its pairings can no longer change"
            )));
        }
        let before: Vec<Game> = queries::round_games(conn, round.id)?;
        let (boards, byes, warnings) = resolve(conn, &t, number, request)?;
        queries::delete_round_games(conn, round.id)?;
        write_games(conn, tournament_id, round.id, &boards, &byes)?;
        Audit {
            actor,
            action: "round.pairings",
            tournament_id: Some(tournament_id),
            entity: "round",
            entity_id: Some(round.id),
        }
        .record(
            conn,
            Some(
                &before
                    .iter()
                    .map(|g| (g.board, g.south_id, g.north_id))
                    .collect::<Vec<_>>(),
            ),
            Some(&pairing_summary(&boards, &byes)),
        )?;
        Ok((round, warnings))
    })
}

pub fn publish(
    conn: &mut SqliteConnection,
    actor: &str,
    tournament_id: i32,
    number: i32,
) -> Result<Round, AppError> {
    transaction(conn, |conn| {
        let round = queries::get_round(conn, tournament_id, number)
            .map_err(|_| AppError::not_found("round"))?;
        if round.published {
            return Ok(round);
        }
        if queries::round_games(conn, round.id)?.is_empty() {
            return Err(AppError::Conflict(format!(
                "round {number} has no pairings to publish"
            )));
        }
        let round = queries::publish_round(conn, round.id, Utc::now().naive_utc())?;
        Audit {
            actor,
            action: "round.publish",
            tournament_id: Some(tournament_id),
            entity: "round",
            entity_id: Some(round.id),
        }
        .record(
            conn,
            None::<&()>,
            Some(&serde_json::json!({"round": number})),
        )?;
        Ok(round)
    })
}

/// Deletes the last round while it is unpublished.
pub fn delete(
    conn: &mut SqliteConnection,
    actor: &str,
    tournament_id: i32,
    number: i32,
) -> Result<(), AppError> {
    transaction(conn, |conn| {
        let round = queries::get_round(conn, tournament_id, number)
            .map_err(|_| AppError::not_found("round"))?;
        if round.published {
            return Err(AppError::Conflict(format!(
                "round {number} is published and stays"
            )));
        }
        queries::delete_round(conn, round.id)?;
        Audit {
            actor,
            action: "round.delete",
            tournament_id: Some(tournament_id),
            entity: "round",
            entity_id: Some(round.id),
        }
        .record(
            conn,
            Some(&serde_json::json!({"round": number})),
            None::<&()>,
        )?;
        Ok(())
    })
}

// --- views -------------------------------------------------------------------------------------

#[derive(Clone, Debug, Serialize)]
pub struct PlayerRef {
    pub id: i32,
    pub name: String,
}

#[derive(Clone, Debug, Serialize)]
pub struct GameView {
    pub id: i32,
    pub round: i32,
    pub board: Option<i32>,
    pub south: PlayerRef,
    pub north: Option<PlayerRef>,
    pub status: String,
    pub kind: Option<String>,
    pub result: Option<String>,
    pub seeds: Option<[i32; 2]>,
    /// The result as a pairing list shows it (`1-0 (25-20)`, `+/-`, `bye`), or empty.
    pub result_text: String,
}

impl GameView {
    pub fn new(g: &Game, round: i32, names: &HashMap<i32, String>) -> GameView {
        let name = |id: i32| PlayerRef {
            id,
            name: names.get(&id).cloned().unwrap_or_else(|| format!("#{id}")),
        };
        let record = game_record(g, round);
        let result_text = match record.result {
            Some((kind, winner)) => result_text(kind, winner, record.seeds),
            None => String::new(),
        };
        GameView {
            id: g.id,
            round,
            board: g.board,
            south: name(g.south_id),
            north: g.north_id.map(name),
            status: g.status.clone(),
            kind: g.kind.clone(),
            result: g.winner.clone(),
            seeds: g.south_seeds.zip(g.north_seeds).map(|(s, n)| [s, n]),
            result_text,
        }
    }

    pub fn counts(&self) -> bool {
        self.status == "confirmed" || self.status == "final"
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct RoundView {
    pub tournament_id: i32,
    pub number: i32,
    pub published: bool,
    pub games: Vec<GameView>,
    pub warnings: Vec<String>,
}

/// A player's games in published rounds, latest first.
pub fn player_games(
    conn: &mut SqliteConnection,
    tournament_id: i32,
    player_id: i32,
) -> Result<Vec<GameView>, AppError> {
    let rounds: HashMap<i32, (i32, bool)> = queries::list_rounds(conn, tournament_id)?
        .into_iter()
        .map(|r| (r.id, (r.number, r.published)))
        .collect();
    let names = names(conn, tournament_id)?;
    let mut games: Vec<GameView> = queries::tournament_games(conn, tournament_id)?
        .iter()
        .filter(|g| g.south_id == player_id || g.north_id == Some(player_id))
        .filter_map(|g| {
            let (number, published) = rounds.get(&g.round_id).copied()?;
            published.then(|| GameView::new(g, number, &names))
        })
        .collect();
    games.sort_by_key(|g| std::cmp::Reverse(g.round));
    Ok(games)
}

pub fn names(
    conn: &mut SqliteConnection,
    tournament_id: i32,
) -> Result<HashMap<i32, String>, AppError> {
    Ok(queries::list_players(conn, tournament_id)?
        .into_iter()
        .map(|p| (p.id, p.name))
        .collect())
}

/// A round as shown, if the viewer may see it (unpublished rounds: only staff who run it).
fn round_view(
    conn: &mut SqliteConnection,
    staff: Option<&Staff>,
    tournament_id: i32,
    number: i32,
    warnings: Vec<String>,
) -> Result<RoundView, AppError> {
    queries::get_tournament(conn, tournament_id).map_err(|_| AppError::not_found("tournament"))?;
    let round = queries::get_round(conn, tournament_id, number)
        .map_err(|_| AppError::not_found("round"))?;
    if !round.published {
        let runs = match staff {
            Some(s) => s.may_run(conn, tournament_id)?,
            None => false,
        };
        if !runs {
            return Err(AppError::NotFound(format!(
                "round {number} is not published yet"
            )));
        }
    }
    let names = names(conn, tournament_id)?;
    let games = queries::round_games(conn, round.id)?
        .iter()
        .map(|g| GameView::new(g, number, &names))
        .collect();
    Ok(RoundView {
        tournament_id,
        number,
        published: round.published,
        games,
        warnings,
    })
}

// --- API ---------------------------------------------------------------------------------------

async fn api_create(
    state: web::Data<AppState>,
    session: UserSession,
    path: web::Path<i32>,
    body: web::Json<RoundBody>,
) -> Result<HttpResponse, ApiError> {
    let tournament_id = path.into_inner();
    let staff = access::staff(&session)?;
    let request = body.request()?;
    let view = state
        .write(move |conn| {
            staff.check_runs(conn, tournament_id)?;
            let (round, warnings) = create_round(conn, &staff.actor(), tournament_id, &request)?;
            round_view(conn, Some(&staff), tournament_id, round.number, warnings)
        })
        .await?;
    Ok(HttpResponse::Created().json(view))
}

async fn api_get(
    state: web::Data<AppState>,
    session: UserSession,
    path: web::Path<(i32, i32)>,
) -> Result<HttpResponse, ApiError> {
    let (tournament_id, number) = path.into_inner();
    let staff = access::staff(&session).ok();
    let view = state
        .db(move |conn| round_view(conn, staff.as_ref(), tournament_id, number, Vec::new()))
        .await?;
    Ok(HttpResponse::Ok().json(view))
}

async fn api_replace(
    state: web::Data<AppState>,
    session: UserSession,
    path: web::Path<(i32, i32)>,
    body: web::Json<RoundBody>,
) -> Result<HttpResponse, ApiError> {
    let (tournament_id, number) = path.into_inner();
    let staff = access::staff(&session)?;
    let request = body.request()?;
    let view = state
        .write(move |conn| {
            staff.check_runs(conn, tournament_id)?;
            let (_, warnings) =
                replace_pairing(conn, &staff.actor(), tournament_id, number, &request)?;
            round_view(conn, Some(&staff), tournament_id, number, warnings)
        })
        .await?;
    Ok(HttpResponse::Ok().json(view))
}

async fn api_publish(
    state: web::Data<AppState>,
    session: UserSession,
    path: web::Path<(i32, i32)>,
) -> Result<HttpResponse, ApiError> {
    let (tournament_id, number) = path.into_inner();
    let staff = access::staff(&session)?;
    let view = state
        .write(move |conn| {
            staff.check_runs(conn, tournament_id)?;
            publish(conn, &staff.actor(), tournament_id, number)?;
            round_view(conn, Some(&staff), tournament_id, number, Vec::new())
        })
        .await?;
    Ok(HttpResponse::Ok().json(view))
}

async fn api_delete(
    state: web::Data<AppState>,
    session: UserSession,
    path: web::Path<(i32, i32)>,
) -> Result<HttpResponse, ApiError> {
    let (tournament_id, number) = path.into_inner();
    let staff = access::staff(&session)?;
    state
        .write(move |conn| {
            staff.check_runs(conn, tournament_id)?;
            delete(conn, &staff.actor(), tournament_id, number)
        })
        .await?;
    Ok(HttpResponse::NoContent().finish())
}

async fn api_list(
    state: web::Data<AppState>,
    session: UserSession,
    path: web::Path<i32>,
) -> Result<HttpResponse, ApiError> {
    let tournament_id = path.into_inner();
    let staff = access::staff(&session).ok();
    let list: Vec<serde_json::Value> = state
        .db(move |conn| {
            queries::get_tournament(conn, tournament_id)
                .map_err(|_| AppError::not_found("tournament"))?;
            let runs = match &staff {
                Some(s) => s.may_run(conn, tournament_id)?,
                None => false,
            };
            Ok(queries::list_rounds(conn, tournament_id)?
                .into_iter()
                .filter(|r| r.published || runs)
                .map(|r| serde_json::json!({"number": r.number, "published": r.published}))
                .collect())
        })
        .await?;
    Ok(HttpResponse::Ok().json(list))
}

pub fn api_routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/tournaments/{id}/rounds", web::get().to(api_list))
        .route("/tournaments/{id}/rounds", web::post().to(api_create))
        .route("/tournaments/{id}/rounds/{n}", web::get().to(api_get))
        .route("/tournaments/{id}/rounds/{n}", web::put().to(api_replace))
        .route("/tournaments/{id}/rounds/{n}", web::delete().to(api_delete))
        .route(
            "/tournaments/{id}/rounds/{n}/publish",
            web::post().to(api_publish),
        );
}

// --- pages -------------------------------------------------------------------------------------

#[derive(Template, WebTemplate)]
#[template(path = "rounds/list.html")]
struct ListPage {
    nav: Nav,
    t: super::tournaments::TournamentView,
    rounds: Vec<Round>,
    runs: bool,
    next: Option<i32>,
    error: Option<String>,
}

async fn list_page(
    state: web::Data<AppState>,
    session: UserSession,
    path: web::Path<i32>,
) -> Result<ListPage, PageError> {
    let tournament_id = path.into_inner();
    let staff = access::staff(&session).ok();
    let (t, rounds, runs) = state
        .db(move |conn| {
            let t = queries::get_tournament(conn, tournament_id)
                .map_err(|_| AppError::not_found("tournament"))?;
            let runs = match &staff {
                Some(s) => s.may_run(conn, tournament_id)?,
                None => false,
            };
            let rounds: Vec<Round> = queries::list_rounds(conn, tournament_id)?
                .into_iter()
                .filter(|r| r.published || runs)
                .collect();
            Ok((t, rounds, runs))
        })
        .await?;
    let next_number = rounds.last().map_or(1, |r| r.number + 1);
    let next = (runs && next_number <= t.rounds && rounds.last().is_none_or(|r| r.published))
        .then_some(next_number);
    Ok(ListPage {
        nav: Nav::new(&session),
        t: super::tournaments::TournamentView::from(&t),
        rounds,
        runs,
        next,
        error: None,
    })
}

#[derive(Deserialize)]
struct CreateForm {
    mode: String,
    csrf: String,
}

async fn create_page(
    state: web::Data<AppState>,
    session: UserSession,
    path: web::Path<i32>,
    form: web::Form<CreateForm>,
) -> Result<HttpResponse, PageError> {
    let tournament_id = path.into_inner();
    let staff = access::staff(&session)?;
    check_csrf(&session, &form.csrf)?;
    let request = match form.mode.as_str() {
        "generate" => RoundRequest::Generate,
        "manual" => RoundRequest::Manual(Vec::new(), Vec::new()),
        _ => return Err(AppError::BadRequest("mode: generate or manual".to_string()).into()),
    };
    let result = state
        .write(move |conn| {
            staff.check_runs(conn, tournament_id)?;
            create_round(conn, &staff.actor(), tournament_id, &request)
        })
        .await;
    match result {
        Ok((round, _)) => Ok(see_other(&format!(
            "/tournaments/{tournament_id}/rounds/{}",
            round.number
        ))),
        Err(e @ (AppError::Invalid(_) | AppError::Conflict(_))) => {
            let status = e.status();
            let mut page = list_page(state, session, web::Path::from(tournament_id)).await?;
            page.error = Some(e.to_string());
            Ok(super::pages::render(status, &page)?)
        }
        Err(e) => Err(e.into()),
    }
}

/// A row of the pairing form.
pub struct FormRow {
    pub board: i32,
    pub south: i32,
    pub north: i32,
}

#[derive(Template, WebTemplate)]
#[template(path = "rounds/show.html")]
struct ShowPage {
    nav: Nav,
    t: super::tournaments::TournamentView,
    round: RoundView,
    runs: bool,
    /// Active players for the pairing form, by name.
    players: Vec<(i32, String)>,
    rows: Vec<FormRow>,
    byes: Vec<i32>,
    error: Option<String>,
}

async fn show(
    state: &AppState,
    session: &UserSession,
    tournament_id: i32,
    number: i32,
    warnings: Vec<String>,
    error: Option<String>,
) -> Result<ShowPage, AppError> {
    let staff = access::staff(session).ok();
    let (t, round, runs, players) = state
        .db(move |conn| {
            let round = round_view(conn, staff.as_ref(), tournament_id, number, warnings)?;
            let t = queries::get_tournament(conn, tournament_id)?;
            let runs = match &staff {
                Some(s) => s.may_run(conn, tournament_id)?,
                None => false,
            };
            let mut players: Vec<(i32, String)> = queries::list_players(conn, tournament_id)?
                .into_iter()
                .filter(|p| !p.withdrawn)
                .map(|p| (p.id, p.name))
                .collect();
            players.sort_by(|a, b| a.1.cmp(&b.1));
            Ok((t, round, runs, players))
        })
        .await?;
    let mut rows: Vec<FormRow> = round
        .games
        .iter()
        .filter_map(|g| {
            Some(FormRow {
                board: g.board?,
                south: g.south.id,
                north: g.north.as_ref()?.id,
            })
        })
        .collect();
    let mut byes: Vec<i32> = round
        .games
        .iter()
        .filter(|g| g.north.is_none())
        .map(|g| g.south.id)
        .collect();
    if runs && !round.published {
        // Room for every active player, whatever is paired already.
        let boards_needed = players.len().div_ceil(2) as i32;
        let mut next = rows.iter().map(|r| r.board).max().unwrap_or(0) + 1;
        while (rows.len() as i32) < boards_needed {
            rows.push(FormRow {
                board: next,
                south: 0,
                north: 0,
            });
            next += 1;
        }
        byes.resize(byes.len().max(2), 0);
    }
    Ok(ShowPage {
        nav: Nav::new(session),
        t: super::tournaments::TournamentView::from(&t),
        round,
        runs,
        players,
        rows,
        byes,
        error,
    })
}

async fn show_page(
    state: web::Data<AppState>,
    session: UserSession,
    path: web::Path<(i32, i32)>,
) -> Result<ShowPage, PageError> {
    let (tournament_id, number) = path.into_inner();
    Ok(show(&state, &session, tournament_id, number, Vec::new(), None).await?)
}

async fn pairings_form(
    state: web::Data<AppState>,
    session: UserSession,
    path: web::Path<(i32, i32)>,
    form: web::Form<HashMap<String, String>>,
) -> Result<HttpResponse, PageError> {
    let (tournament_id, number) = path.into_inner();
    let staff = access::staff(&session)?;
    let form = form.into_inner();
    check_csrf(&session, form.get("csrf").map_or("", String::as_str))?;
    let request = if form.get("action").map(String::as_str) == Some("generate") {
        RoundRequest::Generate
    } else {
        let field = |name: String| {
            form.get(&name)
                .and_then(|v| v.trim().parse::<i32>().ok())
                .filter(|&v| v > 0)
        };
        let mut entries = Vec::new();
        for i in 0..500 {
            let (board, south, north) = (
                field(format!("board_{i}")),
                field(format!("south_{i}")),
                field(format!("north_{i}")),
            );
            if south.is_some() || north.is_some() {
                entries.push(PairingEntry {
                    board,
                    south,
                    north,
                    bye: None,
                });
            }
            if let Some(bye) = field(format!("bye_{i}")) {
                entries.push(PairingEntry {
                    bye: Some(bye),
                    ..PairingEntry::default()
                });
            }
        }
        manual_request(&entries)?
    };
    let result = state
        .write(move |conn| {
            staff.check_runs(conn, tournament_id)?;
            replace_pairing(conn, &staff.actor(), tournament_id, number, &request)
        })
        .await;
    let (warnings, error, status) = match result {
        Ok((_, warnings)) => (warnings, None, actix_web::http::StatusCode::OK),
        Err(e @ (AppError::Invalid(_) | AppError::Conflict(_))) => {
            (Vec::new(), Some(e.to_string()), e.status())
        }
        Err(e) => return Err(e.into()),
    };
    let page = show(&state, &session, tournament_id, number, warnings, error).await?;
    Ok(super::pages::render(status, &page)?)
}

async fn publish_page(
    state: web::Data<AppState>,
    session: UserSession,
    path: web::Path<(i32, i32)>,
    form: web::Form<CsrfOnly>,
) -> Result<HttpResponse, PageError> {
    let (tournament_id, number) = path.into_inner();
    let staff = access::staff(&session)?;
    check_csrf(&session, &form.csrf)?;
    state
        .write(move |conn| {
            staff.check_runs(conn, tournament_id)?;
            publish(conn, &staff.actor(), tournament_id, number)
        })
        .await?;
    Ok(see_other(&format!(
        "/tournaments/{tournament_id}/rounds/{number}"
    )))
}

async fn delete_page(
    state: web::Data<AppState>,
    session: UserSession,
    path: web::Path<(i32, i32)>,
    form: web::Form<CsrfOnly>,
) -> Result<HttpResponse, PageError> {
    let (tournament_id, number) = path.into_inner();
    let staff = access::staff(&session)?;
    check_csrf(&session, &form.csrf)?;
    state
        .write(move |conn| {
            staff.check_runs(conn, tournament_id)?;
            delete(conn, &staff.actor(), tournament_id, number)
        })
        .await?;
    Ok(see_other(&format!("/tournaments/{tournament_id}/rounds")))
}

#[derive(Template, WebTemplate)]
#[template(path = "rounds/print.html")]
struct PrintPage {
    t: super::tournaments::TournamentView,
    round: RoundView,
}

async fn print_page(
    state: web::Data<AppState>,
    session: UserSession,
    path: web::Path<(i32, i32)>,
) -> Result<PrintPage, PageError> {
    let (tournament_id, number) = path.into_inner();
    let page = show(&state, &session, tournament_id, number, Vec::new(), None).await?;
    Ok(PrintPage {
        t: page.t,
        round: page.round,
    })
}

async fn csv_page(
    state: web::Data<AppState>,
    session: UserSession,
    path: web::Path<(i32, i32)>,
) -> Result<HttpResponse, PageError> {
    let (tournament_id, number) = path.into_inner();
    let staff = access::staff(&session).ok();
    let round = state
        .db(move |conn| round_view(conn, staff.as_ref(), tournament_id, number, Vec::new()))
        .await?;
    Ok(super::csv_export::download(
        &format!("tournament-{tournament_id}-round-{number}.csv"),
        &[
            "round",
            "board",
            "south_id",
            "south",
            "north_id",
            "north",
            "status",
            "result",
            "south_seeds",
            "north_seeds",
        ],
        round.games.iter().map(|g| {
            [
                number.to_string(),
                g.board.map(|b| b.to_string()).unwrap_or_default(),
                g.south.id.to_string(),
                g.south.name.clone(),
                g.north
                    .as_ref()
                    .map(|n| n.id.to_string())
                    .unwrap_or_default(),
                g.north
                    .as_ref()
                    .map_or_else(|| "(bye)".to_string(), |n| n.name.clone()),
                g.status.clone(),
                g.result_text.clone(),
                g.seeds.map(|s| s[0].to_string()).unwrap_or_default(),
                g.seeds.map(|s| s[1].to_string()).unwrap_or_default(),
            ]
        }),
    )?)
}

pub fn page_routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/tournaments/{id}/rounds", web::get().to(list_page))
        .route("/tournaments/{id}/rounds", web::post().to(create_page))
        .route(
            r"/tournaments/{id}/rounds/{n:\d+}.csv",
            web::get().to(csv_page),
        )
        .route(
            r"/tournaments/{id}/rounds/{n:\d+}",
            web::get().to(show_page),
        )
        .route(
            "/tournaments/{id}/rounds/{n}/print",
            web::get().to(print_page),
        )
        .route(
            "/tournaments/{id}/rounds/{n}/pairings",
            web::post().to(pairings_form),
        )
        .route(
            "/tournaments/{id}/rounds/{n}/publish",
            web::post().to(publish_page),
        )
        .route(
            "/tournaments/{id}/rounds/{n}/delete",
            web::post().to(delete_page),
        );
}
