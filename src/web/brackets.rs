//! A knockout's bracket: the page (phone, projector, print) and the API.

use actix_web::{HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;

use super::error::{ApiError, PageError};
use super::pages::Nav;
use crate::locale::Lang;
use crate::service::brackets::{self as service, BracketSection, BracketView};
use crate::tournament::TournamentId;
use crate::tournament::said::Said;
use crate::web::language::Visitor;
use crate::web::plumbing::routes::Routes;
use crate::web::state::AppState;

#[derive(Template, WebTemplate)]
#[template(path = "standings/bracket.html")]
struct BracketPage {
    nav: Nav,
    b: BracketView,
}

async fn page(
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<TournamentId>,
) -> Result<BracketPage, PageError> {
    let id = path.into_inner();
    let b = state.db(move |conn| service::view(conn, id)).await?;
    Ok(BracketPage {
        nav: Nav::new(&session),
        b,
    })
}

async fn api(
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let b = state.db(move |conn| service::view(conn, id)).await?;
    Ok(HttpResponse::Ok().json(serde_json::json!({
        "tournament_id": b.t.id,
        "published": b.published,
        "double_elimination": b.t.format.double_elimination(),
        "sections": sections_json(session.lang, &b.sections),
        "places": b.places,
    })))
}

/// The bracket's sections as the API gives them: the titles of its parts and rounds and the text
/// of each side in the request's language.
fn sections_json(lang: Lang, sections: &[BracketSection]) -> serde_json::Value {
    let words = |s: &Said| crate::wording::refusals::said(lang, s);
    sections
        .iter()
        .map(|section| {
            let mut json = serde_json::to_value(section).unwrap_or_default();
            json["title"] = section.title.as_ref().map(words).unwrap_or_default().into();
            for (r, round) in section.rounds.iter().enumerate() {
                json["rounds"][r]["title"] = words(&round.title).into();
                for (t, tie) in round.ties.iter().enumerate() {
                    for (s, side) in tie.sides.iter().enumerate() {
                        json["rounds"][r]["ties"][t]["sides"][s]["text"] = words(&side.text).into();
                    }
                }
            }
            json
        })
        .collect()
}

pub fn page_routes(cfg: &mut Routes) {
    cfg.route("/tournaments/{id}/bracket", web::get().to(page));
}

pub fn api_routes(cfg: &mut Routes) {
    cfg.route("/tournaments/{id}/bracket", web::get().to(api));
}
