//! Adjudicating an unfinished game: the staff's form (the position pit by pit, the stores), the
//! proposal it gives, its confirmation; and the API.

use std::collections::HashMap;

use actix_web::{HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

use super::error::{ApiError, PageError};
use super::pages::{Nav, render, see_other};
use super::plumbing::access::{CheckedForm, Staff};
use crate::service::ServiceError;
use crate::service::adjudication::{self as service, Proposal};
use crate::service::game_views::GameDetail;
use crate::service::tournaments::TournamentView;
use crate::tournament::GameId;
use crate::tournament::adjudication::Position;
use crate::tournament::said::Said;
use crate::web::language::Visitor;
use crate::web::plumbing::routes::Routes;
use crate::web::state::AppState;

/// The pits' names in the form's order: South's row, then North's.
/// The pits in the engine's order, by the letters every board and score sheet gives them:
/// South's `A`-`F` (0 to 5), then North's `a`-`f` (6 to 11).
const PITS: [&str; 12] = ["A", "B", "C", "D", "E", "F", "a", "b", "c", "d", "e", "f"];

#[derive(Template, WebTemplate)]
#[template(path = "games/adjudicate.html")]
struct AdjudicatePage {
    nav: Nav,
    detail: GameDetail,
    /// The game's tournament, for the slip's heading (its name and rule set).
    t: TournamentView,
    /// When the slip is printed, as its heading says.
    printed: String,
    /// The fields as typed: `pit_A` ... `pit_F` (South's), `pit_a` ... `pit_f` (North's),
    /// `captured_south`, `captured_north`, `to_move`, `moves`.
    fields: HashMap<String, String>,
    proposal: Option<Proposal>,
    problems: Vec<String>,
}

impl AdjudicatePage {
    /// The page for `game` of `t`, its slip printed now.
    fn new(session: &Visitor, (detail, t): (GameDetail, TournamentView)) -> AdjudicatePage {
        let nav = Nav::new(session);
        AdjudicatePage {
            printed: nav.datetime(&chrono::Utc::now().naive_utc()),
            nav,
            detail,
            t,
            fields: HashMap::new(),
            proposal: None,
            problems: Vec::new(),
        }
    }

    fn pits(&self) -> &'static [&'static str] {
        &PITS
    }

    fn field(&self, name: &str) -> String {
        self.fields.get(name).cloned().unwrap_or_default()
    }
}

/// The position typed in the form, or what is wrong with it.
fn position(fields: &HashMap<String, String>) -> Result<Position, Vec<Said>> {
    let mut problems = Vec::new();
    let mut seeds = |name: &str, what: Said| -> u8 {
        let text = fields.get(name).map_or("", |t| t.trim());
        match text.parse::<u8>() {
            Ok(n) if n <= 48 => n,
            _ if text.is_empty() => 0,
            _ => {
                problems.push(crate::said!("adjudicate-not-seeds", what, text));
                0
            }
        }
    };
    let mut pits = [0u8; 12];
    for (i, pit) in PITS.iter().enumerate() {
        pits[i] = seeds(
            &format!("pit_{pit}"),
            crate::said!("adjudicate-pit", pit = pit.to_string()),
        );
    }
    let captured = [
        seeds("captured_south", crate::said!("adjudicate-captured-south")),
        seeds("captured_north", crate::said!("adjudicate-captured-north")),
    ];
    let to_move = match fields.get("to_move").map(|t| t.trim()) {
        Some("south") => Some(crate::engine::Side::South),
        Some("north") => Some(crate::engine::Side::North),
        _ => None,
    };
    if problems.is_empty() {
        Ok(Position {
            pits,
            captured,
            to_move,
        })
    } else {
        Err(problems)
    }
}

async fn page(
    Staff(actor): Staff,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<GameId>,
) -> Result<AdjudicatePage, PageError> {
    let game = game_of(&state, actor, path.into_inner()).await?;
    Ok(AdjudicatePage::new(&session, game))
}

/// Game `id` as its page shows it, and its tournament, for the staff who run it.
async fn game_of(
    state: &AppState,
    actor: crate::service::Actor,
    id: GameId,
) -> Result<(GameDetail, TournamentView), ServiceError> {
    state
        .db(move |conn| {
            let detail = crate::service::game_views::detail(conn, &actor, id)?;
            actor.check_runs(conn, detail.tournament_id)?;
            let t = crate::service::tournaments::get(conn, detail.tournament_id)?;
            Ok((detail, t))
        })
        .await
}

/// The form: `action` `propose` shows the result the position gives; `confirm` makes it the
/// game's result.
async fn post(
    Staff(actor): Staff,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<GameId>,
    CheckedForm(fields): CheckedForm<HashMap<String, String>>,
) -> Result<HttpResponse, PageError> {
    let id = path.into_inner();
    let checking = actor.clone();
    state
        .db(move |conn| service::check_may_adjudicate(conn, &checking, id))
        .await?;
    let confirm = fields.get("action").is_some_and(|a| a == "confirm");
    let moves = fields.get("moves").cloned();
    let tables = state.service.endgames();
    let reader = actor.clone();
    let (proposal, problems) = match position(&fields) {
        Err(problems) => (None, problems),
        // Confirmed as proposed: the position shown with the proposal, unchanged.
        Ok(p) if confirm && fields.get("proposed") == Some(&p.figures()) => {
            state
                .write(move |conn| {
                    service::adjudicate(conn, &actor, &tables, id, &p, moves.as_deref(), None)
                })
                .await?;
            return Ok(see_other(&format!("/games/{id}")));
        }
        Ok(p) => match state
            .db(move |conn| service::propose(conn, &actor, &tables, id, &p, moves.as_deref()))
            .await
        {
            Ok(proposal) => (Some(proposal), Vec::new()),
            Err(ServiceError::Invalid(problem)) => (None, vec![problem]),
            Err(e) => return Err(e.into()),
        },
    };
    // The page again (not after a confirmation, which goes to the game).
    let game = game_of(&state, reader, id).await?;
    let status = if problems.is_empty() {
        actix_web::http::StatusCode::OK
    } else {
        actix_web::http::StatusCode::UNPROCESSABLE_ENTITY
    };
    // Who is to move, as the moves given showed it where the form did not say.
    let mut fields = fields;
    if let Some(side) = proposal.as_ref().and_then(|p| p.position.to_move) {
        fields
            .entry("to_move".to_string())
            .or_insert_with(|| side.name().to_string());
    }
    let page = AdjudicatePage {
        fields,
        proposal,
        problems: problems
            .iter()
            .map(|p| crate::wording::refusals::said(session.lang, p))
            .collect(),
        ..AdjudicatePage::new(&session, game)
    };
    Ok(render(status, &page)?)
}

pub fn page_routes(cfg: &mut Routes) {
    cfg.route("/games/{id}/adjudicate", web::get().to(page))
        .route("/games/{id}/adjudicate", web::post().to(post));
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AdjudicationBody {
    #[serde(flatten)]
    position: Position,
    /// The game's moves to the position (a score sheet's, any notation), for the endgame tables.
    moves: Option<String>,
    /// Make it the result (otherwise only the proposal comes back).
    #[serde(default)]
    confirm: bool,
    seen: Option<i64>,
}

/// A proposal as the API gives it, its words in the reader's language.
#[derive(serde::Serialize)]
struct ProposalJson<'a> {
    #[serde(flatten)]
    proposal: &'a Proposal,
    words: String,
}

async fn api(
    Staff(actor): Staff,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<GameId>,
    body: web::Json<AdjudicationBody>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let body = body.into_inner();
    let tables = state.service.endgames();
    if body.confirm {
        let reader = actor.clone();
        state
            .write(move |conn| {
                service::adjudicate(
                    conn,
                    &actor,
                    &tables,
                    id,
                    &body.position,
                    body.moves.as_deref(),
                    body.seen,
                )
            })
            .await?;
        return super::games::game_json(&state, &session, reader, id).await;
    }
    let proposal = state
        .db(move |conn| {
            service::propose(
                conn,
                &actor,
                &tables,
                id,
                &body.position,
                body.moves.as_deref(),
            )
        })
        .await?;
    Ok(HttpResponse::Ok().json(ProposalJson {
        words: crate::wording::refusals::said(session.lang, &proposal.said),
        proposal: &proposal,
    }))
}

pub fn api_routes(cfg: &mut Routes) {
    cfg.route("/games/{id}/adjudication", web::post().to(api));
}
