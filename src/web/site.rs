//! A tournament as a static site (`oware-tournament export-site ID DIR`), for organisers with no
//! server: plain files that read the same from a disk or any web host, every link relative. The
//! tournament's page, the standings, the crosstable (or round by round), each published round,
//! each player, each game with its replay (stepped through by the same script as the live
//! pages; without it, the final board and the moves), and the downloads: the standings and the
//! games as CSV, the games as OGN. Nothing loads from elsewhere.

use askama::Template;
use diesel::sqlite::SqliteConnection;

use super::game_page::{GamePage, SheetFields, board_after};
use super::pages::Nav;
use crate::locale::Lang;
use crate::service::endgames::Endgames;
use crate::service::game_views::{self, GameDetail};
use crate::service::round_views::{self, RoundView};
use crate::service::standings::{self, Report, rank_text};
use crate::service::tournaments::TournamentView;
use crate::service::{Actor, ServiceError, exports};
use crate::tournament::TournamentId;
use crate::tournament::standings::Standing;

/// One file of the site: its path under the folder, and its bytes.
pub type SiteFile = (String, Vec<u8>);

#[derive(Template)]
#[template(path = "site/index.html")]
struct IndexPage<'a> {
    root: &'static str,
    lang: Lang,
    t: &'a TournamentView,
    d: &'a Report,
    rounds: Vec<i32>,
    players: Vec<(i32, String)>,
    written: String,
}

#[derive(Template)]
#[template(path = "site/standings.html")]
struct StandingsPage<'a> {
    root: &'static str,
    lang: Lang,
    t: &'a TournamentView,
    d: &'a Report,
}

impl StandingsPage<'_> {
    fn rank(&self, s: &Standing) -> String {
        rank_text(s)
    }
    fn value(&self, v: &f64) -> String {
        crate::wording::words::value(self.lang, *v)
    }
}

#[derive(Template)]
#[template(path = "site/crosstable.html")]
struct CrossPage<'a> {
    root: &'static str,
    lang: Lang,
    t: &'a TournamentView,
    round_robin: bool,
    headers: Vec<String>,
    rows: Vec<crate::service::standings::CrossRow>,
}

#[derive(Template)]
#[template(path = "site/round.html")]
struct RoundPage<'a> {
    root: &'static str,
    lang: Lang,
    t: &'a TournamentView,
    round: RoundView,
}

#[derive(Template)]
#[template(path = "site/player.html")]
struct PlayerPage<'a> {
    root: &'static str,
    lang: Lang,
    t: &'a TournamentView,
    name: String,
    club: String,
    standing: Option<Standing>,
    /// Round, side, opponent, result text, game id, running score.
    games: Vec<(i32, String, String, String, Option<i32>, String)>,
}

#[derive(Template)]
#[template(path = "site/game.html")]
struct GameSitePage<'a> {
    root: &'static str,
    lang: Lang,
    t: &'a TournamentView,
    page: GamePage,
}

impl GameSitePage<'_> {
    fn detail(&self) -> &GameDetail {
        &self.page.detail
    }
}

fn html(path: String, page: &impl Template) -> Result<SiteFile, ServiceError> {
    Ok((path, page.render()?.into_bytes()))
}

/// Every file of the site of tournament `id`, its published rounds as the public sees them.
/// The pages and the downloads' columns are in `lang`; where `endgames` hold the tournament's
/// rules, each game's page and record say where it was lost.
pub fn files(
    conn: &mut SqliteConnection,
    id: TournamentId,
    lang: Lang,
    endgames: &Endgames,
) -> Result<Vec<SiteFile>, ServiceError> {
    let d = standings::report(conn, id, None)?;
    let t = &d.t;
    let mut players: Vec<(i32, String)> = d
        .names
        .iter()
        .map(|(id, name)| (id.get(), name.clone()))
        .collect();
    crate::tournament::names::sort_by_name(lang.code(), &mut players, |p| &p.1);
    let rounds: Vec<i32> = (1..=d.published).collect();
    let mut out = vec![
        html(
            "index.html".to_string(),
            &IndexPage {
                root: "",
                lang,
                t,
                d: &d,
                rounds: rounds.clone(),
                players: players.clone(),
                written: lang.datetime(chrono::Utc::now().naive_utc()),
            },
        )?,
        html(
            "standings.html".to_string(),
            &StandingsPage {
                root: "",
                lang,
                t,
                d: &d,
            },
        )?,
    ];
    let table = d.crosstable();
    out.push(html(
        "crosstable.html".to_string(),
        &CrossPage {
            root: "",
            lang,
            t,
            round_robin: table.round_robin,
            headers: table.headers,
            rows: table.rows,
        },
    )?);
    let mut game_ids = Vec::new();
    for &n in &rounds {
        let round = round_views::view(conn, &Actor::Visitor, id, n, Vec::new())?;
        game_ids.extend(
            round
                .games
                .iter()
                .filter(|g| g.north.is_some())
                .map(|g| g.id),
        );
        out.push(html(
            format!("rounds/{n}.html"),
            &RoundPage {
                root: "../",
                lang,
                t,
                round,
            },
        )?);
    }
    for (player, name) in &players {
        out.push(player_page(&d, lang, *player, name)?);
    }
    for game in game_ids {
        let detail = game_views::detail_with(conn, &Actor::Visitor, endgames, game)?;
        let shown = detail.plies.len() as u32;
        let page = GamePage {
            nav: Nav::default().in_lang(lang),
            board: board_after(&detail, shown, lang),
            detail,
            shown,
            difference_board: None,
            fields: SheetFields::default(),
            diagnostic: None,
            notice: None,
        };
        out.push(html(
            format!("games/{game}.html"),
            &GameSitePage {
                root: "../",
                lang,
                t,
                page,
            },
        )?);
    }
    out.extend(downloads(conn, &d, lang, endgames)?);
    out.push(("style.css".to_string(), super::STYLE.as_bytes().to_vec()));
    out.push((
        "replay.js".to_string(),
        super::REPLAY_JS.as_bytes().to_vec(),
    ));
    out.push(("words.js".to_string(), super::WORDS_JS.as_bytes().to_vec()));
    out.push(("print.js".to_string(), super::PRINT_JS.as_bytes().to_vec()));
    Ok(out)
}

/// A player's page: their place and their rounds.
fn player_page(d: &Report, lang: Lang, player: i32, name: &str) -> Result<SiteFile, ServiceError> {
    let standing = d.table.iter().find(|s| s.player_id == player).cloned();
    html(
        format!("players/{player}.html"),
        &PlayerPage {
            root: "../",
            lang,
            t: &d.t,
            name: name.to_string(),
            club: standing
                .as_ref()
                .map(|s| s.club.clone())
                .unwrap_or_default(),
            standing,
            games: crate::wording::words::player_rounds(
                lang,
                &d.player_rounds(crate::tournament::PlayerId(player)),
            ),
        },
    )
}

/// The standings and the games as CSV, the games as OGN.
fn downloads(
    conn: &mut SqliteConnection,
    d: &Report,
    lang: Lang,
    endgames: &Endgames,
) -> Result<Vec<SiteFile>, ServiceError> {
    let (header, rows) = standings::csv_rows(d);
    let header: Vec<&str> = header.iter().map(String::as_str).collect();
    let standings = super::csv_export::write(lang, &header, rows)?;
    let result =
        |g: &crate::service::views::GameView| crate::wording::outcomes::outcome(lang, &g.outcome);
    let bye = lang.t("csv-bye");
    let (header, rows) = exports::games_rows(conn, &Actor::CommandLine, d.t.id, &bye, &result)?;
    let games = super::csv_export::write(lang, &header, rows)?;
    let ogn = exports::games_ogn(conn, &Actor::CommandLine, d.t.id, endgames)?;
    Ok(vec![
        ("standings.csv".to_string(), standings),
        ("games.csv".to_string(), games),
        ("games.ogn".to_string(), ogn.into_bytes()),
    ])
}
