//! A round on paper: the printed pairings (names sorted for the room's wall, with the QR code of
//! the site) and the score sheets of its boards, both in the tournament's own language.

use actix_web::{HttpRequest, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

use super::error::{Failure, PageError};
use super::pages::Nav;
use crate::locale::Lang;
use crate::service::ServiceError;
use crate::service::round_views::RoundView;
use crate::service::tournaments::TournamentView;
use crate::service::views::GameView;
use crate::tournament::{PlayerId, TournamentId};
use crate::web::language::Visitor;
use crate::web::plumbing::routes::Routes;
use crate::web::state::AppState;

#[derive(Template, WebTemplate)]
#[template(path = "rounds/print.html")]
struct PrintPage {
    nav: Nav,
    t: TournamentView,
    round: RoundView,
    /// Every player of the round by name: name, points before the round, board, side,
    /// opponent.
    by_name: Vec<(String, String, String, String, String)>,
    printed: String,
}

/// The language a tournament's prints are in: its own.
async fn print_lang(state: &AppState, id: TournamentId) -> Result<Lang, ServiceError> {
    let code = state
        .db(move |conn| crate::service::tournaments::language(conn, id))
        .await?;
    Ok(Lang::from_code(&code).unwrap_or_default())
}

/// When a page was drawn, as printed on it (the print script puts the reader's local time).
fn printed_now(lang: Lang) -> String {
    lang.datetime(chrono::Utc::now().naive_utc())
}

/// The round's players by name, each with their points before the round, board, side and
/// opponent; those who asked for a bye among them.
fn by_name(
    round: &RoundView,
    before: &crate::service::standings::Report,
    lang: Lang,
) -> Vec<(String, String, String, String, String)> {
    let points = |id: PlayerId| {
        before
            .table
            .iter()
            .find(|s| s.player_id == id.get())
            .map_or_else(String::new, |s| {
                crate::wording::words::value(lang, s.points)
            })
    };
    let mut rows: Vec<_> = round
        .places_by_name(lang.code())
        .into_iter()
        .map(|place| {
            let side = match place.south {
                Some(true) => lang.t("south-moves-first"),
                Some(false) => lang.t("north"),
                None => String::new(),
            };
            let board = place.board.map_or_else(String::new, |b| b.to_string());
            (
                place.name,
                points(place.player),
                board,
                side,
                place.opponent,
            )
        })
        .collect();
    for b in &round.requested_byes {
        rows.push((
            b.name.clone(),
            points(b.player_id),
            String::new(),
            String::new(),
            lang.t1(
                "print-not-paired",
                "label",
                lang.t1("bye-label", "kind", b.kind.as_ref()),
            ),
        ));
    }
    crate::tournament::names::sort_by_name(lang.code(), &mut rows, |r| &r.0);
    rows
}

async fn print_page(
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<(TournamentId, i32)>,
) -> Result<PrintPage, PageError> {
    let (tournament_id, number) = path.into_inner();
    let page = super::rounds::show(&state, &session, (tournament_id, number), None).await?;
    let before = state.standings(tournament_id, Some(number - 1)).await?;
    let lang = print_lang(&state, tournament_id).await?;
    Ok(PrintPage {
        nav: page.nav.in_lang(lang),
        by_name: by_name(&page.round, &before, lang),
        t: page.t,
        round: page.round,
        printed: printed_now(lang),
    })
}

#[derive(Template, WebTemplate)]
#[template(path = "rounds/sheets.html")]
struct SheetsPage {
    nav: Nav,
    t: TournamentView,
    round: RoundView,
    /// The boards: each game with the QR code of its page.
    boards: Vec<(GameView, String)>,
    printed: String,
    /// The address the codes print.
    site: super::qr::Site,
    /// Which sheet of each board: 1 holds moves 1-80, 2 (a continuation sheet) 81-160, ...
    part: u32,
}

/// Moves on one printed score sheet.
const MOVES_PER_SHEET: u32 = 80;
/// Continuation sheets printed at most (past move 400 a game is past any real one).
const MOST_SHEETS: u32 = 5;

impl SheetsPage {
    /// The numbered rows of a sheet's grid: four blocks of twenty moves side by side, numbered
    /// on from the sheets before it.
    fn grid(&self) -> Vec<[u32; 4]> {
        let first = self.moves().0 - 1;
        (1..=20)
            .map(|n| [n, n + 20, n + 40, n + 60].map(|m| first + m))
            .collect()
    }

    /// The first and last move of this sheet.
    fn moves(&self) -> (u32, u32) {
        let first = (self.part - 1) * MOVES_PER_SHEET;
        (first + 1, first + MOVES_PER_SHEET)
    }

    /// The next sheet, for games that go on past this one's moves.
    fn next_part(&self) -> Option<u32> {
        (self.part < MOST_SHEETS).then_some(self.part + 1)
    }
}

/// Which sheet of a round's score sheets to print (`?part=2`: continuation sheets).
#[derive(Deserialize)]
struct SheetPart {
    part: Option<u32>,
}

/// A round's score sheets to print, one page per board.
async fn sheets_page(
    req: HttpRequest,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<(TournamentId, i32)>,
    part: web::Query<SheetPart>,
) -> Result<SheetsPage, PageError> {
    let part = part.part.unwrap_or(1);
    if !(1..=MOST_SHEETS).contains(&part) {
        return Err(Failure::BadRequest(crate::said!(
            "part-sheet-1-continuation-sheets",
            most_sheets = MOST_SHEETS
        ))
        .into());
    }
    let page = super::rounds::show(&state, &session, path.into_inner(), None).await?;
    let lang = print_lang(&state, page.t.id).await?;
    let site = super::qr::site(&req, state.public_url.as_deref());
    let boards = page
        .round
        .games
        .iter()
        .filter(|g| g.north.is_some())
        .map(|g| {
            let address = format!("{}/games/{}", site.url, g.id);
            let code = super::qr::svg(
                &address,
                &lang.t1("qr-board", "board", g.board.unwrap_or_default()),
            )?;
            Ok((g.clone(), code))
        })
        .collect::<Result<_, ServiceError>>()?;
    Ok(SheetsPage {
        nav: page.nav.in_lang(lang),
        t: page.t,
        round: page.round,
        boards,
        printed: printed_now(lang),
        site,
        part,
    })
}

pub fn page_routes(cfg: &mut Routes) {
    cfg.route(
        "/tournaments/{id}/rounds/{n}/print",
        web::get().to(print_page),
    )
    .route(
        "/tournaments/{id}/rounds/{n}/sheets",
        web::get().to(sheets_page),
    );
}
