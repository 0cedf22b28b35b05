//! Standings after any round, the crosstable (round robin) or round-by-round table (Swiss), a
//! page per player, and the exports: standings, pairings and results, all games (CSV), all games
//! as one OGN file.

use std::collections::HashMap;
use std::sync::Arc;

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use diesel::sqlite::SqliteConnection;
use serde::{Deserialize, Serialize};

use super::AppState;
use super::access;
use super::error::{ApiError, AppError, PageError};
use super::games::{Context, ogn_record};
use super::pages::{Nav, html_response};
use super::rounds::{GameView, records};
use super::tournaments::{TournamentView, points_text};
use crate::auth::UserSession;
use crate::db::models::Round;
use crate::db::queries;
use crate::engine::ogn;
use crate::tournament::history::GameRecord;
use crate::tournament::standings::{Entrant, Standing, open_games, standings};
use crate::tournament::{Pairing, ResultKind, Winner};

/// Everything the standings pages need, for published rounds only.
pub struct Data {
    pub t: TournamentView,
    pub after: i32,
    pub published: i32,
    pub table: Vec<Standing>,
    pub games: Vec<GameRecord>,
    pub names: HashMap<i32, String>,
    pub open: Vec<(i32, Option<i32>, String, String)>,
    /// The standings page as rendered for visitors who are not signed in (the same for all of
    /// them), once asked for.
    public_page: std::sync::OnceLock<web::Bytes>,
    /// The standings CSV, once asked for.
    csv: std::sync::OnceLock<web::Bytes>,
}

pub fn load(
    conn: &mut SqliteConnection,
    tournament_id: i32,
    after: Option<i32>,
) -> Result<Data, AppError> {
    let t = queries::get_tournament(conn, tournament_id)
        .map_err(|_| AppError::not_found("tournament"))?;
    let view = TournamentView::from(&t);
    let rounds: Vec<Round> = queries::list_rounds(conn, tournament_id)?;
    let published = rounds
        .iter()
        .filter(|r| r.published)
        .map(|r| r.number)
        .max()
        .unwrap_or(0);
    let after = match after {
        None => published,
        Some(n) if (0..=published).contains(&n) => n,
        Some(n) => {
            return Err(AppError::NotFound(format!(
                "round {n} is not published; the standings go up to round {published}"
            )));
        }
    };
    let games: Vec<GameRecord> = records(conn, tournament_id, Some(published + 1))?;
    let players = queries::list_players(conn, tournament_id)?;
    let entrants: Vec<Entrant> = players
        .iter()
        .map(|p| Entrant {
            id: p.id,
            name: p.name.clone(),
            club: p.club.clone(),
            rating: p.rating,
        })
        .collect();
    let table = standings(&entrants, &games, &view.points, &view.tiebreaks, after);
    let names: HashMap<i32, String> = players.into_iter().map(|p| (p.id, p.name)).collect();
    let name = |id: i32| names.get(&id).cloned().unwrap_or_default();
    let open = open_games(&games, after)
        .into_iter()
        .map(|g| {
            (
                g.round,
                g.board,
                name(g.south),
                g.north.map(name).unwrap_or_default(),
            )
        })
        .collect();
    Ok(Data {
        t: view,
        after,
        published,
        table,
        games,
        names,
        open,
        public_page: Default::default(),
        csv: Default::default(),
    })
}

/// The rank as shown: `3`, or `3=` when shared.
pub fn rank_text(s: &Standing) -> String {
    if s.shared {
        format!("{}=", s.rank)
    } else {
        s.rank.to_string()
    }
}

/// A tie-break value as shown: whole numbers plainly, halves as ½.
pub fn value_text(v: f64) -> String {
    if (v * 2.0).fract() == 0.0 {
        points_text(v)
    } else {
        format!("{v:.2}")
    }
}

/// Standings computed at a data version, by tournament and round.
type Cache = std::sync::Mutex<HashMap<(i32, Option<i32>), (u64, Arc<Data>)>>;
static CACHE: std::sync::LazyLock<Cache> = std::sync::LazyLock::new(Default::default);

/// The standings data, computed once per change of the data.
pub async fn cached(
    state: &AppState,
    tournament_id: i32,
    after: Option<i32>,
) -> Result<Arc<Data>, AppError> {
    let key = (tournament_id, after);
    let version = super::actions::data_version();
    if let Some((v, data)) = CACHE
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .get(&key)
        && *v == version
    {
        return Ok(data.clone());
    }
    let data = Arc::new(
        state
            .db(move |conn| load(conn, tournament_id, after))
            .await?,
    );
    let mut cache = CACHE
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    // Keep the cache small: entries of older versions go.
    cache.retain(|_, (v, _)| *v == version);
    cache.insert(key, (version, data.clone()));
    Ok(data)
}

#[derive(Deserialize)]
pub struct After {
    after: Option<i32>,
}

// --- pages -------------------------------------------------------------------------------------

#[derive(Template, WebTemplate)]
#[template(path = "standings/table.html")]
struct TablePage {
    nav: Nav,
    d: Arc<Data>,
    rounds: Vec<i32>,
    runs: bool,
}

impl TablePage {
    fn rank(&self, s: &Standing) -> String {
        rank_text(s)
    }
    fn value(&self, v: &f64) -> String {
        value_text(*v)
    }
}

async fn runs(
    state: &AppState,
    session: &UserSession,
    tournament_id: i32,
) -> Result<bool, AppError> {
    match access::staff(session).ok() {
        Some(staff) => {
            state
                .db(move |conn| staff.may_run(conn, tournament_id))
                .await
        }
        None => Ok(false),
    }
}

async fn table_page(
    state: web::Data<AppState>,
    session: UserSession,
    path: web::Path<i32>,
    query: web::Query<After>,
) -> Result<HttpResponse, PageError> {
    let id = path.into_inner();
    let d = cached(&state, id, query.after).await?;
    // Rendered once per change of the data for everyone who is not signed in.
    let public = session.identity().ok().flatten().is_none();
    if public && let Some(page) = d.public_page.get() {
        return Ok(html_response(StatusCode::OK, page.clone()));
    }
    let page = TablePage {
        nav: Nav::new(&session),
        rounds: (0..=d.published).collect(),
        runs: runs(&state, &session, id).await?,
        d: d.clone(),
    };
    let body = web::Bytes::from(
        page.render()
            .map_err(|e| AppError::Internal(format!("template: {e}")))?,
    );
    if public {
        let _ = d.public_page.set(body.clone());
    }
    Ok(html_response(StatusCode::OK, body))
}

/// One cell of the crosstable or round-by-round table.
pub struct Cell {
    pub text: String,
    pub game: Option<i32>,
}

#[derive(Template, WebTemplate)]
#[template(path = "standings/crosstable.html")]
struct CrossPage {
    nav: Nav,
    d: Arc<Data>,
    /// Round robin: one column per player (by rank); Swiss: one column per round.
    round_robin: bool,
    headers: Vec<String>,
    rows: Vec<(String, String, String, Vec<Cell>)>,
}

/// The score of a result from one player's side: `1`, `½`, `0`, `+` (won without playing), `-`.
fn score_from(g: &GameRecord, as_south: bool) -> String {
    match g.result {
        None => "…".to_string(),
        Some((ResultKind::Played, Some(w))) => match (w, as_south) {
            (Winner::Draw, _) => "½".to_string(),
            (Winner::South, true) | (Winner::North, false) => "1".to_string(),
            _ => "0".to_string(),
        },
        Some((ResultKind::ForfeitNorth, _)) => if as_south { "+" } else { "-" }.to_string(),
        Some((ResultKind::ForfeitSouth, _)) => if as_south { "-" } else { "+" }.to_string(),
        Some((ResultKind::DoubleForfeit, _)) => "-".to_string(),
        Some((ResultKind::Bye, _)) => "bye".to_string(),
        Some((ResultKind::Played, None)) => "?".to_string(),
    }
}

async fn cross_page(
    state: web::Data<AppState>,
    session: UserSession,
    path: web::Path<i32>,
    query: web::Query<After>,
) -> Result<CrossPage, PageError> {
    let id = path.into_inner();
    let d = cached(&state, id, query.after).await?;
    let round_robin = Pairing::parse(&d.t.pairing) == Some(Pairing::RoundRobin);
    let position: HashMap<i32, usize> = d
        .table
        .iter()
        .enumerate()
        .map(|(i, s)| (s.player_id, i + 1))
        .collect();
    let games: Vec<&GameRecord> = d.games.iter().filter(|g| g.round <= d.after).collect();
    let headers: Vec<String> = if round_robin {
        (1..=d.table.len()).map(|i| i.to_string()).collect()
    } else {
        (1..=d.after).map(|r| format!("R{r}")).collect()
    };
    let rows = d
        .table
        .iter()
        .map(|s| {
            let mine: Vec<&&GameRecord> = games
                .iter()
                .filter(|g| g.south == s.player_id || g.north == Some(s.player_id))
                .collect();
            let cells = if round_robin {
                d.table
                    .iter()
                    .map(|other| {
                        if other.player_id == s.player_id {
                            return Cell {
                                text: "×".to_string(),
                                game: None,
                            };
                        }
                        let text: Vec<String> = mine
                            .iter()
                            .filter(|g| {
                                g.south == other.player_id || g.north == Some(other.player_id)
                            })
                            .map(|g| {
                                let south = g.south == s.player_id;
                                format!("{}{}", score_from(g, south), if south { "s" } else { "n" })
                            })
                            .collect();
                        let game = mine
                            .iter()
                            .find(|g| {
                                g.south == other.player_id || g.north == Some(other.player_id)
                            })
                            .map(|g| g.id);
                        Cell {
                            text: text.join(" "),
                            game,
                        }
                    })
                    .collect()
            } else {
                (1..=d.after)
                    .map(|r| match mine.iter().find(|g| g.round == r) {
                        None => Cell {
                            text: "–".to_string(),
                            game: None,
                        },
                        Some(g) => {
                            let south = g.south == s.player_id;
                            let opponent = if south { g.north } else { Some(g.south) };
                            let text = match opponent {
                                None => "bye".to_string(),
                                Some(o) => format!(
                                    "{}{} {}",
                                    position.get(&o).copied().unwrap_or(0),
                                    if south { "s" } else { "n" },
                                    score_from(g, south)
                                ),
                            };
                            Cell {
                                text,
                                game: opponent.map(|_| g.id),
                            }
                        }
                    })
                    .collect()
            };
            (rank_text(s), s.name.clone(), value_text(s.points), cells)
        })
        .collect();
    Ok(CrossPage {
        nav: Nav::new(&session),
        d,
        round_robin,
        headers,
        rows,
    })
}

#[derive(Template, WebTemplate)]
#[template(path = "standings/player.html")]
struct PlayerPage {
    nav: Nav,
    t: TournamentView,
    name: String,
    club: String,
    country: String,
    rating: Option<i32>,
    withdrawn: bool,
    /// Round, side, opponent, result text, game id, running score.
    games: Vec<(i32, String, String, String, Option<i32>, String)>,
    standing: Option<Standing>,
}

async fn player_page(
    state: web::Data<AppState>,
    session: UserSession,
    path: web::Path<(i32, i32)>,
) -> Result<PlayerPage, PageError> {
    let (id, player_id) = path.into_inner();
    let (d, player) = state
        .db(move |conn| {
            let player = queries::get_player(conn, id, player_id)
                .map_err(|_| AppError::not_found("player"))?;
            Ok((load(conn, id, None)?, player))
        })
        .await?;
    let scoring = d.t.points;
    let mut running = 0.0;
    let mut rows = Vec::new();
    let mut mine: Vec<&GameRecord> = d
        .games
        .iter()
        .filter(|g| g.round <= d.after && (g.south == player_id || g.north == Some(player_id)))
        .collect();
    mine.sort_by_key(|g| g.round);
    for g in mine {
        let south = g.south == player_id;
        if let Some((s, n)) = g.points(&scoring) {
            running += if south { s } else { n };
        }
        let opponent = if south { g.north } else { Some(g.south) };
        rows.push((
            g.round,
            if opponent.is_none() {
                String::new()
            } else if south {
                "South".to_string()
            } else {
                "North".to_string()
            },
            opponent.map_or_else(
                || "bye".to_string(),
                |o| d.names.get(&o).cloned().unwrap_or_default(),
            ),
            score_from(g, south),
            opponent.map(|_| g.id),
            value_text(running),
        ));
    }
    let standing = d.table.iter().find(|s| s.player_id == player_id).cloned();
    Ok(PlayerPage {
        nav: Nav::new(&session),
        t: d.t,
        name: player.name,
        club: player.club,
        country: player.country,
        rating: player.rating,
        withdrawn: player.withdrawn,
        games: rows,
        standing,
    })
}

/// The standings as CSV rows: rank, name, club, points, every tie-break, games played.
pub fn standings_csv(d: &Data) -> Result<HttpResponse, AppError> {
    let filename = format!("tournament-{}-standings-after-{}.csv", d.t.id, d.after);
    if let Some(body) = d.csv.get() {
        return Ok(super::csv_export::attachment(&filename, body.clone()));
    }
    let mut header = vec!["rank", "name", "club", "points"];
    header.extend(d.t.tiebreaks.iter().map(String::as_str));
    header.push("games_played");
    let body = web::Bytes::from(super::csv_export::write(
        &header,
        d.table.iter().map(|s| {
            let mut row = vec![
                rank_text(s),
                s.name.clone(),
                s.club.clone(),
                value_text(s.points),
            ];
            row.extend(s.tiebreaks.iter().map(|(_, v)| value_text(*v)));
            row.push(s.games_played.to_string());
            row
        }),
    )?);
    let _ = d.csv.set(body.clone());
    Ok(super::csv_export::attachment(&filename, body))
}

/// The standings CSV for the staff who run the tournament.
async fn staff_standings_csv(
    state: &AppState,
    session: &UserSession,
    id: i32,
    after: Option<i32>,
) -> Result<HttpResponse, AppError> {
    let staff = access::staff(session)?;
    state.db(move |conn| staff.check_runs(conn, id)).await?;
    standings_csv(&*cached(state, id, after).await?)
}

async fn standings_csv_page(
    state: web::Data<AppState>,
    session: UserSession,
    path: web::Path<i32>,
    query: web::Query<After>,
) -> Result<HttpResponse, PageError> {
    Ok(staff_standings_csv(&state, &session, path.into_inner(), query.after).await?)
}

/// Every game of the published rounds, with how it went.
async fn games_csv_page(
    state: web::Data<AppState>,
    session: UserSession,
    path: web::Path<i32>,
) -> Result<HttpResponse, PageError> {
    let id = path.into_inner();
    let staff = access::staff(&session)?;
    let games = state
        .db(move |conn| {
            staff.check_runs(conn, id)?;
            let names = super::rounds::names(conn, id)?;
            let rounds: HashMap<i32, (i32, bool)> = queries::list_rounds(conn, id)?
                .into_iter()
                .map(|r| (r.id, (r.number, r.published)))
                .collect();
            let mut rows = Vec::new();
            for g in queries::tournament_games(conn, id)? {
                let Some(&(number, true)) = rounds.get(&g.round_id) else {
                    continue;
                };
                let view = GameView::new(&g, number, &names);
                rows.push(vec![
                    number.to_string(),
                    g.board.map(|b| b.to_string()).unwrap_or_default(),
                    view.south.name.clone(),
                    view.north
                        .as_ref()
                        .map_or_else(|| "(bye)".to_string(), |n| n.name.clone()),
                    view.result_text.clone(),
                    g.kind.clone().unwrap_or_default(),
                    g.status.clone(),
                    g.south_seeds.map(|s| s.to_string()).unwrap_or_default(),
                    g.north_seeds.map(|s| s.to_string()).unwrap_or_default(),
                    g.end_kind.clone().unwrap_or_default(),
                    g.end_reason.clone().unwrap_or_default(),
                    g.verified.to_string(),
                    g.moves.clone().unwrap_or_default(),
                ]);
            }
            rows.sort_by_key(|r| {
                (
                    r[0].parse::<i32>().unwrap_or(0),
                    r[1].parse::<i32>().unwrap_or(i32::MAX),
                )
            });
            Ok(rows)
        })
        .await?;
    Ok(super::csv_export::download(
        &format!("tournament-{id}-games.csv"),
        &[
            "round",
            "board",
            "south",
            "north",
            "result",
            "kind",
            "status",
            "south_seeds",
            "north_seeds",
            "end",
            "end_reason",
            "verified",
            "moves",
        ],
        games,
    )?)
}

/// Every game with a move list, as one OGN file that `oware-tournament validate` reads back.
async fn games_ogn_page(
    state: web::Data<AppState>,
    session: UserSession,
    path: web::Path<i32>,
) -> Result<HttpResponse, PageError> {
    let id = path.into_inner();
    let staff = access::staff(&session)?;
    let text = state
        .db(move |conn| {
            staff.check_runs(conn, id)?;
            let names = super::rounds::names(conn, id)?;
            let mut records = Vec::new();
            for g in queries::tournament_games(conn, id)? {
                let ctx = Context::load(conn, g.id)?;
                if !ctx.round.published || !matches!(g.status.as_str(), "confirmed" | "final") {
                    continue;
                }
                if let Some(record) = ogn_record(&ctx, &names) {
                    records.push(((ctx.round.number, g.board), record));
                }
            }
            records.sort_by_key(|(k, _)| *k);
            Ok(ogn::write_all(
                &records.into_iter().map(|(_, r)| r).collect::<Vec<_>>(),
            ))
        })
        .await?;
    Ok(HttpResponse::Ok()
        .content_type("application/x-ogn; charset=utf-8")
        .insert_header((
            "Content-Disposition",
            format!("attachment; filename=\"tournament-{id}-games.ogn\""),
        ))
        .body(text))
}

pub fn page_routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/tournaments/{id}/standings", web::get().to(table_page))
        .route(
            "/tournaments/{id}/standings.csv",
            web::get().to(standings_csv_page),
        )
        .route("/tournaments/{id}/crosstable", web::get().to(cross_page))
        .route("/tournaments/{id}/games.csv", web::get().to(games_csv_page))
        .route("/tournaments/{id}/games.ogn", web::get().to(games_ogn_page))
        .route(
            r"/tournaments/{id}/players/{player:\d+}",
            web::get().to(player_page),
        );
}

// --- API ---------------------------------------------------------------------------------------

#[derive(Serialize)]
struct StandingsJson {
    after_round: i32,
    standings: Vec<StandingJson>,
    open_games: usize,
}

#[derive(Serialize)]
struct StandingJson {
    rank: usize,
    shared: bool,
    player_id: i32,
    name: String,
    points: f64,
    tiebreaks: serde_json::Map<String, serde_json::Value>,
    games_played: usize,
}

async fn api_standings(
    state: web::Data<AppState>,
    path: web::Path<i32>,
    query: web::Query<After>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let d = cached(&state, id, query.after).await?;
    Ok(HttpResponse::Ok().json(StandingsJson {
        after_round: d.after,
        open_games: d.open.len(),
        standings: d
            .table
            .iter()
            .map(|s| StandingJson {
                rank: s.rank,
                shared: s.shared,
                player_id: s.player_id,
                name: s.name.clone(),
                points: s.points,
                tiebreaks: s
                    .tiebreaks
                    .iter()
                    .map(|(c, v)| (c.clone(), serde_json::json!(v)))
                    .collect(),
                games_played: s.games_played,
            })
            .collect(),
    }))
}

async fn api_standings_csv(
    state: web::Data<AppState>,
    session: UserSession,
    path: web::Path<i32>,
    query: web::Query<After>,
) -> Result<HttpResponse, ApiError> {
    Ok(staff_standings_csv(&state, &session, path.into_inner(), query.after).await?)
}

pub fn api_routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/tournaments/{id}/standings", web::get().to(api_standings))
        .route(
            "/tournaments/{id}/standings.csv",
            web::get().to(api_standings_csv),
        );
}
