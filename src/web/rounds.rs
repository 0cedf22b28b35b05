//! Rounds: pages and API for pairing a round (generated or by hand), changing, publishing and
//! deleting it; the public pairing list, a printable list and CSV.

use std::collections::HashMap;

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

use super::error::{ApiError, Failure, PageError, service_status};
use super::pages::{Nav, render, see_other};
use super::plumbing::access::{self, Anyone, CheckedForm, Staff};
use crate::db::models::Round;
use crate::service::round_views::{self as views, RoundView};
use crate::service::rounds::{self as service, PairingEntry, RoundRequest};
use crate::service::tournaments::TournamentView;
use crate::service::versions::{Watched, unchanged_since};
use crate::service::views::GameView;
use crate::service::{Actor, ServiceError};
use crate::tournament::{GameStatus, PlayerId, TournamentId};
use crate::web::language::Visitor;
use crate::web::plumbing::routes::Routes;
use crate::web::state::AppState;

crate::csrf_in_field!(CreateForm, RoundButton);

/// A round as the API's request gives it: pairings by hand, or generated.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoundBody {
    pub pairings: Option<Vec<PairingEntry>>,
    #[serde(default)]
    pub generate: bool,
    /// The round's version as read (`version` of the round): a replacement is refused when
    /// the round has changed since.
    pub seen: Option<i64>,
}

impl RoundBody {
    pub fn request(&self) -> Result<RoundRequest, Failure> {
        match (&self.pairings, self.generate) {
            (Some(_), true) => Err(Failure::BadRequest(crate::said!(
                "give-either-pairings-generate-true"
            ))),
            (None, false) => Err(Failure::BadRequest(crate::said!(
                "give-pairings-generate-true"
            ))),
            (None, true) => Ok(RoundRequest::Generate),
            (Some(entries), false) => Ok(service::manual_request(entries)?),
        }
    }
}

// --- API ---------------------------------------------------------------------------------------

/// A round as the API gives it: its warnings worded in the request's language.
#[derive(serde::Serialize)]
struct RoundJson<'a> {
    #[serde(flatten)]
    view: &'a views::RoundView,
    warnings: Vec<String>,
}

impl<'a> RoundJson<'a> {
    fn new(lang: crate::locale::Lang, view: &'a views::RoundView) -> RoundJson<'a> {
        RoundJson {
            view,
            warnings: view
                .warnings
                .iter()
                .map(|w| crate::wording::refusals::said(lang, w))
                .collect(),
        }
    }
}

async fn api_create(
    Staff(actor): Staff,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<TournamentId>,
    body: web::Json<RoundBody>,
) -> Result<HttpResponse, ApiError> {
    let tournament_id = path.into_inner();
    let request = body.request()?;
    let db = state.service.db();
    let view = service::pair_round(db, actor, tournament_id, None, request, None).await?;
    Ok(HttpResponse::Created().json(RoundJson::new(session.lang, &view)))
}

async fn api_get(
    Anyone(actor): Anyone,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<(TournamentId, i32)>,
) -> Result<HttpResponse, ApiError> {
    let (tournament_id, number) = path.into_inner();
    let view = state
        .db(move |conn| views::view(conn, &actor, tournament_id, number, Vec::new()))
        .await?;
    Ok(HttpResponse::Ok().json(RoundJson::new(session.lang, &view)))
}

async fn api_replace(
    Staff(actor): Staff,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<(TournamentId, i32)>,
    body: web::Json<RoundBody>,
) -> Result<HttpResponse, ApiError> {
    let (tournament_id, number) = path.into_inner();
    let request = body.request()?;
    let db = state.service.db();
    let view =
        service::pair_round(db, actor, tournament_id, Some(number), request, body.seen).await?;
    Ok(HttpResponse::Ok().json(RoundJson::new(session.lang, &view)))
}

async fn api_publish(
    Staff(actor): Staff,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<(TournamentId, i32)>,
    query: web::Query<Seen>,
) -> Result<HttpResponse, ApiError> {
    let (tournament_id, number) = path.into_inner();
    let view = service::publish_round(state.service.db(), actor, tournament_id, number, query.seen)
        .await?;
    Ok(HttpResponse::Ok().json(RoundJson::new(session.lang, &view)))
}

async fn api_delete(
    Staff(actor): Staff,
    state: web::Data<AppState>,
    path: web::Path<(TournamentId, i32)>,
    query: web::Query<Seen>,
) -> Result<HttpResponse, ApiError> {
    let (tournament_id, number) = path.into_inner();
    let (watched, seen) = (Watched::Round(tournament_id, number), query.seen);
    state
        .write(move |conn| {
            unchanged_since(conn, watched, seen, |c| {
                service::delete(c, &actor, tournament_id, number)
            })
        })
        .await?;
    Ok(HttpResponse::NoContent().finish())
}

async fn api_list(
    Anyone(actor): Anyone,
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, ApiError> {
    let tournament_id = path.into_inner();
    let list = state
        .db(move |conn| views::list(conn, &actor, tournament_id))
        .await?;
    let rounds: Vec<serde_json::Value> = list
        .rounds
        .iter()
        .map(|r| serde_json::json!({"number": r.number, "published": r.published}))
        .collect();
    Ok(HttpResponse::Ok().json(rounds))
}

pub fn api_routes(cfg: &mut Routes) {
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
    t: TournamentView,
    rounds: Vec<Round>,
    runs: bool,
    next: Option<i32>,
    ended_early: bool,
    error: Option<String>,
}

impl ListPage {
    /// Every round the tournament has is paired and published: the event is at its end.
    fn all_paired(&self) -> bool {
        self.rounds.len() >= usize::try_from(self.t.rounds).unwrap_or(0)
            && self.rounds.iter().all(|r| r.published)
    }

    /// The round paired but not yet published, which stands before the next.
    fn unpublished(&self) -> Option<i32> {
        self.rounds.iter().find(|r| !r.published).map(|r| r.number)
    }
}

async fn list(
    state: &AppState,
    session: &Visitor,
    tournament_id: TournamentId,
    error: Option<String>,
) -> Result<ListPage, ServiceError> {
    let actor = access::actor(session);
    let list = state
        .db(move |conn| views::list(conn, &actor, tournament_id))
        .await?;
    Ok(ListPage {
        nav: Nav::new(session),
        t: list.t,
        rounds: list.rounds,
        runs: list.runs,
        next: list.next,
        ended_early: list.ended_early,
        error,
    })
}

async fn list_page(
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<TournamentId>,
) -> Result<ListPage, PageError> {
    Ok(list(&state, &session, path.into_inner(), None).await?)
}

#[derive(Deserialize)]
struct CreateForm {
    mode: String,
    csrf: String,
}

async fn create_page(
    Staff(actor): Staff,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<TournamentId>,
    CheckedForm(form): CheckedForm<CreateForm>,
) -> Result<HttpResponse, PageError> {
    let tournament_id = path.into_inner();
    let request = match form.mode.as_str() {
        "generate" => RoundRequest::Generate,
        "by-hand" => RoundRequest::Manual(Vec::new(), Vec::new()),
        _ => return Err(Failure::BadRequest(crate::said!("mode-generate-hand")).into()),
    };
    let db = state.service.db();
    let result = service::pair_round(db, actor, tournament_id, None, request, None).await;
    match result {
        Ok(round) => Ok(see_other(&format!(
            "/tournaments/{tournament_id}/rounds/{}",
            round.number
        ))),
        Err(e @ (ServiceError::Invalid(_) | ServiceError::Conflict(_))) => {
            let page = list(
                &state,
                &session,
                tournament_id,
                Some(crate::wording::refusals::failure(session.lang, &e)),
            )
            .await?;
            Ok(render(service_status(&e), &page)?)
        }
        Err(e) => Err(e.into()),
    }
}

/// A row of the pairing form (the board number as typed).
pub struct FormRow {
    pub board: String,
    pub south: PlayerId,
    pub north: PlayerId,
}

#[derive(Template, WebTemplate)]
#[template(path = "rounds/show.html")]
pub(super) struct ShowPage {
    pub(super) nav: Nav,
    pub(super) t: TournamentView,
    pub(super) round: RoundView,
    runs: bool,
    /// Active players for the pairing form, by name.
    players: Vec<(PlayerId, String)>,
    rows: Vec<FormRow>,
    byes: Vec<PlayerId>,
    /// For staff: the round's games by status, and the games still open in the event.
    by_status: Vec<(GameStatus, Vec<GameView>)>,
    open_in_event: usize,
    error: Option<String>,
}

/// The pairing form's rows: the round's boards and byes, and room for every active player.
fn form_rows(round: &RoundView, players: usize, editable: bool) -> (Vec<FormRow>, Vec<PlayerId>) {
    let mut rows: Vec<FormRow> = round
        .pairings()
        .filter_map(|g| {
            Some(FormRow {
                board: g.board?.to_string(),
                south: g.south.id,
                north: g.north.as_ref()?.id,
            })
        })
        .collect();
    let mut byes: Vec<PlayerId> = round
        .pairings()
        .filter(|g| g.north.is_none())
        .map(|g| g.south.id)
        .collect();
    if editable {
        room_for(&mut rows, &mut byes, players);
    }
    (rows, byes)
}

/// Empty rows and byes after those given, so that every active player can be seated.
fn room_for(rows: &mut Vec<FormRow>, byes: &mut Vec<PlayerId>, players: usize) {
    let numbers = rows
        .iter()
        .filter_map(|r| r.board.trim().parse::<i32>().ok());
    let mut next = numbers.max().unwrap_or(0) + 1;
    while rows.len() < players.div_ceil(2) {
        rows.push(FormRow {
            board: next.to_string(),
            south: PlayerId::default(),
            north: PlayerId::default(),
        });
        next += 1;
    }
    byes.resize(byes.len().max(2), PlayerId::default());
}

/// The pairing form's rows and byes as they were sent, so that a refused form comes back with
/// every edit in it.
fn rows_as_sent(form: &HashMap<String, String>, players: usize) -> (Vec<FormRow>, Vec<PlayerId>) {
    let field = |name: &str, i: usize| form.get(&format!("{name}_{i}")).map(|v| v.trim());
    let player = |name: &str, i: usize| {
        field(name, i)
            .and_then(|v| v.parse::<i32>().ok())
            .map(PlayerId)
            .unwrap_or_default()
    };
    let count = |name: &str| (0..1000).take_while(|&i| field(name, i).is_some()).count();
    let mut rows: Vec<FormRow> = (0..count("board").max(count("south")))
        .map(|i| FormRow {
            board: field("board", i).unwrap_or_default().to_string(),
            south: player("south", i),
            north: player("north", i),
        })
        .collect();
    let mut byes: Vec<PlayerId> = (0..count("bye")).map(|i| player("bye", i)).collect();
    room_for(&mut rows, &mut byes, players);
    (rows, byes)
}

pub(super) async fn show(
    state: &AppState,
    session: &Visitor,
    (tournament_id, number): (TournamentId, i32),
    error: Option<String>,
) -> Result<ShowPage, ServiceError> {
    let actor = access::actor(session);
    let page = state
        .db(move |conn| views::page(conn, &actor, tournament_id, number))
        .await?;
    let (rows, byes) = form_rows(&page.round, page.players.len(), page.runs);
    Ok(ShowPage {
        nav: Nav::new(session),
        t: page.t,
        round: page.round,
        runs: page.runs,
        players: page.players,
        rows,
        byes,
        by_status: page.by_status,
        open_in_event: page.open_in_event,
        error,
    })
}

async fn show_page(
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<(TournamentId, i32)>,
) -> Result<ShowPage, PageError> {
    Ok(show(&state, &session, path.into_inner(), None).await?)
}

/// The pairing form as a request: "generate", or the boards and byes chosen. Anything it cannot
/// read refuses the whole form: a field it does not know, a value that is not a player or a
/// board number, or no pairing at all.
fn pairing_form_request(form: &HashMap<String, String>) -> Result<RoundRequest, ServiceError> {
    if form.get("action").map(String::as_str) == Some("generate") {
        return Ok(RoundRequest::Generate);
    }
    let mut rows: std::collections::BTreeMap<usize, [Option<i32>; 4]> = Default::default();
    let mut problems = Vec::new();
    for (name, value) in form {
        if name == "csrf" || name == "action" || name == "seen" {
            continue;
        }
        let slot = name.rsplit_once('_').and_then(|(field, i)| {
            let column = ["board", "south", "north", "bye"]
                .iter()
                .position(|f| *f == field)?;
            Some((i.parse::<usize>().ok()?, column))
        });
        let Some((row, column)) = slot.filter(|(row, _)| *row < 1000) else {
            problems.push(crate::said!("form-has-field-does-not", name));
            continue;
        };
        match value.trim() {
            "" => {}
            v => match v.parse::<i32>() {
                Ok(n) if n > 0 => rows.entry(row).or_default()[column] = Some(n),
                _ => problems.push(crate::said!("not-board-number-player", name, v)),
            },
        }
    }
    let mut entries = Vec::new();
    for [board, south, north, bye] in rows.into_values() {
        if south.is_some() || north.is_some() {
            entries.push(PairingEntry {
                board,
                south,
                north,
                bye: None,
            });
        }
        if bye.is_some() {
            entries.push(PairingEntry {
                bye,
                ..PairingEntry::default()
            });
        }
    }
    if entries.is_empty() && problems.is_empty() {
        problems.push(crate::said!("form-gives-no-pairing-choose"));
    }
    if !problems.is_empty() {
        return Err(ServiceError::Invalid(crate::tournament::said::Said::all(
            problems,
        )));
    }
    service::manual_request(&entries)
}

async fn pairings_form(
    Staff(actor): Staff,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<(TournamentId, i32)>,
    CheckedForm(form): CheckedForm<HashMap<String, String>>,
) -> Result<HttpResponse, PageError> {
    let (tournament_id, number) = path.into_inner();
    let seen = form.get("seen").and_then(|v| v.trim().parse::<i64>().ok());
    let result = match pairing_form_request(&form) {
        Ok(request) => {
            let db = state.service.db();
            service::pair_round(db, actor, tournament_id, Some(number), request, seen).await
        }
        Err(e) => Err(e),
    };
    let (error, code) = match result {
        Ok(_) => (None, StatusCode::OK),
        Err(e @ (ServiceError::Invalid(_) | ServiceError::Conflict(_))) => (
            Some(crate::wording::refusals::failure(session.lang, &e)),
            service_status(&e),
        ),
        Err(e) => return Err(e.into()),
    };
    let refused = error.is_some();
    let mut page = show(&state, &session, (tournament_id, number), error).await?;
    if refused {
        // The form comes back as it was sent, not as the round stands: nothing typed is lost.
        (page.rows, page.byes) = rows_as_sent(&form, page.players.len());
    }
    Ok(render(code, &page)?)
}

/// A button on the round's page (publish, delete): its token, and the round's version as the
/// page showed it.
#[derive(Deserialize)]
struct RoundButton {
    csrf: String,
    seen: Option<i64>,
}

/// The version a request of the API says it read the round at (`?seen=`).
#[derive(Deserialize)]
struct Seen {
    seen: Option<i64>,
}

/// Runs one command on round `number` if it has not changed since `seen`, and goes on to `next`.
async fn round_button<T: Send + 'static>(
    state: &AppState,
    actor: Actor,
    (tournament_id, number): (TournamentId, i32),
    form: RoundButton,
    command: impl FnOnce(&mut diesel::SqliteConnection, &Actor) -> Result<T, ServiceError>
    + Send
    + 'static,
    next: &str,
) -> Result<HttpResponse, PageError> {
    let watched = Watched::Round(tournament_id, number);
    state
        .write(move |conn| unchanged_since(conn, watched, form.seen, |c| command(c, &actor)))
        .await?;
    Ok(see_other(next))
}

async fn publish_page(
    Staff(actor): Staff,
    state: web::Data<AppState>,
    path: web::Path<(TournamentId, i32)>,
    CheckedForm(form): CheckedForm<RoundButton>,
) -> Result<HttpResponse, PageError> {
    let (tournament_id, number) = path.into_inner();
    service::publish_round(state.service.db(), actor, tournament_id, number, form.seen).await?;
    Ok(see_other(&format!(
        "/tournaments/{tournament_id}/rounds/{number}"
    )))
}

async fn delete_page(
    Staff(actor): Staff,
    state: web::Data<AppState>,
    path: web::Path<(TournamentId, i32)>,
    CheckedForm(form): CheckedForm<RoundButton>,
) -> Result<HttpResponse, PageError> {
    let (tournament_id, number) = path.into_inner();
    let delete =
        move |conn: &mut _, actor: &Actor| service::delete(conn, actor, tournament_id, number);
    let next = format!("/tournaments/{tournament_id}/rounds");
    let round = (tournament_id, number);
    round_button(&state, actor, round, form, delete, &next).await
}

async fn csv_page(
    Anyone(actor): Anyone,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<(TournamentId, i32)>,
) -> Result<HttpResponse, PageError> {
    let (tournament_id, number) = path.into_inner();
    let round = state
        .db(move |conn| views::view(conn, &actor, tournament_id, number, Vec::new()))
        .await?;
    let rows = round.games.iter().map(|g| {
        let north = g.north.as_ref();
        [
            number.to_string(),
            g.board.map(|b| b.to_string()).unwrap_or_default(),
            g.south.id.to_string(),
            g.south.name.clone(),
            north.map(|n| n.id.to_string()).unwrap_or_default(),
            north.map_or_else(|| session.lang.t("csv-bye"), |n| n.name.clone()),
            g.status.to_string(),
            crate::wording::outcomes::outcome(session.lang, &g.outcome),
            g.seeds.map(|s| s[0].to_string()).unwrap_or_default(),
            g.seeds.map(|s| s[1].to_string()).unwrap_or_default(),
            g.match_game.to_string(),
            g.match_score.clone(),
        ]
    });
    Ok(super::csv_export::download(
        session.lang,
        &format!("tournament-{tournament_id}-round-{number}.csv"),
        &ROUND_CSV_HEADER,
        rows,
    )?)
}

const ROUND_CSV_HEADER: [&str; 12] = [
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
    "game",
    "match",
];

pub fn page_routes(cfg: &mut Routes) {
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
