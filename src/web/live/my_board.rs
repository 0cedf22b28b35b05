//! The player's "my board now" (`/tournaments/{id}/me`), where a player lands after signing
//! in: their board, opponent, who starts, the round's times and the sheet waiting for them,
//! updating itself. Every player's board is read once per change for the whole tournament
//! ([`Room`]); each stream draws its own player's part and sends it only when it changed.

use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;

use crate::locale::Lang;
use crate::service::my_board::{self as service, Boards, MyBoard, Seat, Waiting};
use crate::service::{ServiceError, Subject};
use crate::tournament::{GameStatus, PlayerId, TournamentId};
use crate::web::error::{ApiError, PageError};
use crate::web::language::Visitor;
use crate::web::live::feeds::Source;
use crate::web::pages::Nav;
use crate::web::plumbing::access::{self, Anyone};
use crate::web::plumbing::routes::Routes;
use crate::web::state::AppState;

/// Every player's board of a tournament, as the players' streams follow them.
#[derive(Clone, Copy, Debug, Hash, PartialEq, Eq)]
pub struct Room(pub TournamentId);

impl Source for Room {
    type Drawn = Boards;

    fn subject(self) -> Subject {
        Subject::Tournament(self.0)
    }

    async fn draw(self, state: &AppState) -> Result<Boards, ServiceError> {
        let id = self.0;
        state.db(move |conn| service::all(conn, id)).await
    }
}

#[derive(Template)]
#[template(path = "live/my_board_content.html")]
struct Content<'a> {
    b: &'a MyBoard,
    lang: Lang,
}

impl Content<'_> {
    /// Where the game stands for the player: the message's key.
    fn standing(status: &GameStatus, waiting: &Waiting) -> &'static str {
        match (status, waiting) {
            (_, Waiting::ForYou) => "my-state-for-you",
            (_, Waiting::ForOpponent) => "my-state-for-opponent",
            (GameStatus::Pending, _) => "my-state-playing",
            (GameStatus::Disputed, _) => "my-state-disputed",
            (GameStatus::Confirmed, _) => "my-state-confirmed",
            (GameStatus::Final, _) => "my-state-final",
            (GameStatus::Submitted, Waiting::Nothing) => "my-state-submitted",
        }
    }
}

fn draw(b: &MyBoard, lang: Lang) -> Result<String, ServiceError> {
    Ok(Content { b, lang }.render()?)
}

#[derive(Template, WebTemplate)]
#[template(path = "live/my_board.html")]
struct Page {
    nav: Nav,
    tournament_id: TournamentId,
    name: String,
    content: String,
}

/// The signed-in player of the tournament, or the page's refusal (a visitor is sent to sign
/// in with their PIN).
fn me(session: &Visitor, id: TournamentId) -> Result<PlayerId, ServiceError> {
    service::player(&access::actor(session), id)
}

async fn page(
    Anyone(actor): Anyone,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, PageError> {
    let id = path.into_inner();
    let b = match state.db(move |conn| service::mine(conn, &actor, id)).await {
        Ok(b) => b,
        Err(ServiceError::Unauthenticated) => {
            return Ok(crate::web::pages::see_other(&format!(
                "/tournaments/{id}/sign-in"
            )));
        }
        Err(e) => return Err(e.into()),
    };
    let page = Page {
        nav: Nav::new(&session),
        tournament_id: id,
        name: b.name.clone(),
        content: draw(&b, session.lang)?,
    };
    Ok(crate::web::pages::render(
        actix_web::http::StatusCode::OK,
        &page,
    )?)
}

async fn events(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, PageError> {
    let id = path.into_inner();
    let player = me(&session, id)?;
    let lang = session.lang;
    let view = crate::web::live::feeds::changed(move |boards: &Boards| {
        let b = boards.get(&player)?;
        match draw(b, lang) {
            Ok(html) => Some(html),
            Err(e) => {
                tracing::error!(cause = %e.cause_chain(), "a player's board");
                None
            }
        }
    });
    let still = crate::web::plumbing::sessions::still(&state, &session.session, None);
    crate::web::live::feeds::stream(&req, &state, Room(id), view, still).await
}

/// A player's board as the API gives it: the round's times, the result and the game in its
/// match in the reader's words.
fn board_json(lang: Lang, b: &MyBoard) -> serde_json::Value {
    let mut json = serde_json::to_value(b).unwrap_or_default();
    let times = if b.round_times.is_empty() {
        String::new()
    } else {
        crate::wording::words::round_times(lang, &b.round_times)
    };
    json["times"] = times.into();
    let result = |outcome| crate::wording::outcomes::outcome(lang, outcome).into();
    match &b.seat {
        Seat::Bye { outcome } => json["seat"]["result"] = result(outcome),
        Seat::Board {
            outcome, in_match, ..
        } => {
            json["seat"]["result"] = result(outcome);
            json["seat"]["match_label"] =
                crate::wording::outcomes::match_label(lang, *in_match).into();
        }
        _ => {}
    }
    json
}

async fn api_get(
    Anyone(actor): Anyone,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let b = state
        .db(move |conn| service::mine(conn, &actor, id))
        .await?;
    Ok(HttpResponse::Ok().json(board_json(session.lang, &b)))
}

pub fn page_routes(cfg: &mut Routes) {
    cfg.route("/tournaments/{id}/me", web::get().to(page))
        .route("/tournaments/{id}/me/events", web::get().to(events));
}

pub fn api_routes(cfg: &mut Routes) {
    cfg.route("/tournaments/{id}/me", web::get().to(api_get));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_waits_reads_for_the_player() {
        let says = |status, waiting| Lang::ENGLISH.t(Content::standing(&status, &waiting));
        assert!(says(GameStatus::Submitted, Waiting::ForYou).contains("waits for you"));
        assert!(
            says(GameStatus::Submitted, Waiting::ForOpponent).contains("your opponent to confirm")
        );
        assert!(says(GameStatus::Pending, Waiting::Nothing).starts_with("Playing"));
        let french = Lang::from_code("fr").unwrap();
        assert!(
            french
                .t(Content::standing(&GameStatus::Pending, &Waiting::Nothing))
                .starts_with("Partie en cours")
        );
    }
}
