//! The standings report after any published round, computed once per version of the data and
//! kept while the data stays as it was; the crosstable (round robin) or round-by-round table
//! (Swiss); a player's record; the exports of every game (CSV rows, one OGN file).

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, PoisonError};

use diesel::sqlite::SqliteConnection;

use super::ServiceError;
use super::matches::records;
use super::tournaments::{TournamentView, points_text};
use crate::db::queries;
use crate::tournament::history::GameRecord;
use crate::tournament::knockout;
use crate::tournament::standings::{
    Entrant, Format, RequestedBye, Standing, bye_score, open_games, score_of, standings,
};
use crate::tournament::{ByeKind, PlayerId, ResultKind, TiePolicy, TournamentId, Winner};

/// Everything the standings pages need, for published rounds only.
pub struct Report {
    pub t: TournamentView,
    pub after: i32,
    pub published: i32,
    pub table: Vec<Standing>,
    pub games: Vec<GameRecord>,
    /// The byes players asked for, up to the last round published.
    pub byes: Vec<RequestedBye>,
    pub names: HashMap<PlayerId, String>,
    /// Games that do not count yet: round, board, South, North.
    pub open: Vec<(i32, Option<i32>, String, String)>,
    /// The play-offs for places of these standings (they order the final standings once
    /// decided).
    pub playoffs: Vec<super::brackets::Playoff>,
    /// When it was computed (UTC), as printed pages say.
    pub computed_at: chrono::NaiveDateTime,
    /// The event's categories, each with the players in it (computed from their details).
    pub categories: Vec<(String, HashSet<i32>)>,
    /// The players whose order a decided play-off fixed.
    pub settled: HashSet<i32>,
    /// The players withdrawn: still ranked on what they played, marked as withdrawn.
    pub withdrawn: HashSet<i32>,
}

impl Report {
    /// The standings of the category named `name` (the whole table for `None`); `None` when
    /// the event has no such category.
    pub fn within(&self, name: Option<&str>) -> Option<Vec<Standing>> {
        match name {
            None => Some(self.table.clone()),
            Some(name) => self
                .categories
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, members)| crate::tournament::standings::within(&self.table, members)),
        }
    }
}

/// Orders the players a decided play-off was for by its places, in the block of places they
/// hold: the play-off's winner first, its places shared only where the play-off shares them.
fn decide_by_playoff(table: &mut [Standing], places: &HashMap<i32, (usize, usize)>) {
    let at: Vec<usize> = (0..table.len())
        .filter(|&i| places.contains_key(&table[i].player_id))
        .collect();
    let (Some(&start), Some(&end)) = (at.first(), at.last()) else {
        return;
    };
    if end + 1 - start != at.len() {
        // The group no longer stands together (a correction since): tie-breaks rank it.
        return;
    }
    let block = &mut table[start..=end];
    block.sort_by_key(|s| places[&s.player_id].0);
    let top = block.iter().map(|s| s.rank).min().unwrap_or(1);
    for s in block.iter_mut() {
        let (first, last) = places[&s.player_id];
        s.rank = top + first - 1;
        s.shared = last > first;
    }
}

/// The event's categories, each with the players of `players` in it.
fn categories(
    conn: &mut SqliteConnection,
    t: &TournamentView,
    players: &[crate::db::models::Player],
) -> Result<Vec<(String, HashSet<i32>)>, ServiceError> {
    Ok(super::events::categories_of(conn, t)?
        .into_iter()
        .map(|c| {
            let members = players
                .iter()
                .filter(|p| c.admits(&p.details().attributes()))
                .map(|p| p.id.get())
                .collect();
            (c.name, members)
        })
        .collect())
}

/// The standings after round `after` (the last published round if not given).
pub fn report(
    conn: &mut SqliteConnection,
    tournament_id: TournamentId,
    after: Option<i32>,
) -> Result<Report, ServiceError> {
    let t = super::tournaments::get(conn, tournament_id)?;
    let published = queries::last_published_round(conn, tournament_id)?;
    let after = match after {
        None => published,
        Some(n) if (0..=published).contains(&n) => n,
        Some(n) => {
            return Err(ServiceError::NotFound(crate::said!(
                "round-not-published-standings-go",
                n,
                published
            )));
        }
    };
    let games: Vec<GameRecord> = records(conn, tournament_id, Some(published + 1))?;
    let players = queries::list_players(conn, tournament_id)?;
    let entrants = entrants(&players);
    let format = Format {
        round_robin: t.format.all_play_all(),
        rounds: Some(t.rounds),
        score: t.matches.score,
        matches: t.matches,
    };
    let byes = requested_byes(conn, tournament_id)?;
    let mut table = standings(
        &entrants,
        &games,
        &byes,
        &t.points,
        &t.tiebreaks,
        after,
        format,
    );
    match (t.tie_policy, t.lots_seed) {
        (policy @ (TiePolicy::Mso | TiePolicy::MsoSpread), seed) => {
            let spread = policy == TiePolicy::MsoSpread;
            crate::tournament::mso::order(
                &mut table,
                &games,
                after,
                seed.map(|s| s as u64),
                spread,
            );
        }
        (TiePolicy::Fide, Some(seed)) => {
            crate::tournament::mso::part_by_lots(&mut table, seed as u64)
        }
        (TiePolicy::Fide, None) => {}
    }
    if let Some(kind) = t.format.knockout() {
        // A knockout ranks by how far each player went: its places, then the standings' order.
        let seeds = super::brackets::seeds(conn, tournament_id, &players)?;
        let until: Vec<GameRecord> = games.iter().filter(|g| g.round <= after).cloned().collect();
        let bracket = knockout::bracket(&seeds, kind, &until);
        let places = knockout::places(&bracket, &seeds);
        table.sort_by_key(|s| places.get(&s.player_id).map_or(usize::MAX, |p| p.0));
        for s in &mut table {
            if let Some(&(first, last)) = places.get(&s.player_id) {
                s.rank = first;
                s.shared = last > first;
            }
        }
    }
    let playoffs = super::brackets::playoffs(conn, tournament_id)?;
    if after == published {
        for (_, places) in &playoffs {
            decide_by_playoff(&mut table, places);
        }
    }
    let categories = categories(conn, &t, &players)?;
    let withdrawn = players
        .iter()
        .filter(|p| p.withdrawn)
        .map(|p| p.id.get())
        .collect();
    let names: HashMap<PlayerId, String> = players.into_iter().map(|p| (p.id, p.name)).collect();
    let name = |id: i32| names.get(&PlayerId(id)).cloned().unwrap_or_default();
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
    let settled = playoffs
        .iter()
        .flat_map(|(_, places)| places.keys().copied())
        .collect();
    Ok(Report {
        t,
        after,
        published,
        table,
        games,
        byes: byes.into_iter().filter(|b| b.round <= published).collect(),
        names,
        open,
        playoffs: playoffs.into_iter().map(|(p, _)| p).collect(),
        computed_at: chrono::Utc::now().naive_utc(),
        categories,
        settled,
        withdrawn,
    })
}

/// The standings reports asked for, each computed once per change of its tournament.
pub struct Standings {
    db: super::Connections,
    cache: Cache,
}

impl Standings {
    pub fn new(db: super::Connections) -> Standings {
        Standings {
            db,
            cache: Cache::default(),
        }
    }

    /// The standings report after round `after`, computed once per change of the tournament.
    pub async fn report(
        &self,
        tournament_id: TournamentId,
        after: Option<i32>,
    ) -> Result<Arc<Report>, ServiceError> {
        // The version is read before the data: a write that lands in between makes the entry
        // stale at once, never a stale entry look current.
        let version = self.db.tournament_version(tournament_id);
        if let Some(report) = self.cache.get(version, tournament_id, after) {
            return Ok(report);
        }
        let report = Arc::new(
            self.db
                .read(move |conn| report(conn, tournament_id, after))
                .await?,
        );
        self.cache
            .put(version, tournament_id, after, report.clone());
        Ok(report)
    }
}

/// Standings reports by tournament and round, each with the version of its tournament's data it
/// was computed from (see [`crate::db::Writer::tournament_version`]): a write elsewhere leaves
/// it current. One per service: two services in one process never share it.
#[derive(Default)]
struct Cache {
    entries: Mutex<HashMap<ReportKey, (u64, Arc<Report>)>>,
}

/// How many reports a service keeps at most (every round of about twenty tournaments).
const KEPT_REPORTS: usize = 256;

/// A tournament, and the round after which its standings are asked for (`None`: the latest).
type ReportKey = (TournamentId, Option<i32>);

impl Cache {
    /// The report computed at the tournament's `version`, if there is one.
    fn get(
        &self,
        version: u64,
        tournament_id: TournamentId,
        after: Option<i32>,
    ) -> Option<Arc<Report>> {
        let entries = self.entries.lock().unwrap_or_else(PoisonError::into_inner);
        entries
            .get(&(tournament_id, after))
            .filter(|(v, _)| *v == version)
            .map(|(_, r)| r.clone())
    }

    /// Keeps a report computed from what was read at the tournament's `version` (read before
    /// the report was), in place of an older one.
    fn put(
        &self,
        version: u64,
        tournament_id: TournamentId,
        after: Option<i32>,
        report: Arc<Report>,
    ) {
        let mut entries = self.entries.lock().unwrap_or_else(PoisonError::into_inner);
        entries.insert((tournament_id, after), (version, report));
        // Keep the cache small: past its size, the reports computed longest ago go.
        if entries.len() > KEPT_REPORTS {
            let mut versions: Vec<u64> = entries.values().map(|(v, _)| *v).collect();
            versions.sort_unstable();
            let oldest_kept = versions[entries.len() - KEPT_REPORTS];
            entries.retain(|_, (v, _)| *v >= oldest_kept);
        }
    }
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

/// A value as a spreadsheet reads a number: `7`, `7.5`, `0.75`.
pub fn decimal_text(v: f64) -> String {
    let text = format!("{v:.2}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" {
        "0".to_string()
    } else {
        text.to_string()
    }
}

/// The standings as CSV rows under their header: rank, name, club, points, every tie-break,
/// games played.
pub fn csv_rows(r: &Report) -> (Vec<String>, Vec<Vec<String>>) {
    let mut header: Vec<String> = ["rank", "name", "club", "points"]
        .map(str::to_string)
        .to_vec();
    header.extend(r.t.tiebreaks.iter().map(|t| t.code().to_string()));
    header.push("games_played".to_string());
    let rows = r
        .table
        .iter()
        .map(|s| {
            let mut row = vec![
                rank_text(s),
                s.name.clone(),
                s.club.clone(),
                decimal_text(s.points),
            ];
            row.extend(s.tiebreaks.iter().map(|(_, v)| decimal_text(*v)));
            row.push(s.games_played.to_string());
            row
        })
        .collect();
    (header, rows)
}

/// The score of a result from one player's side: `1`, `½`, `0`, `+` (won without playing), `-`.
pub fn score_from(g: &GameRecord, as_south: bool) -> String {
    // A match played: its games' score from this player's side (`1½-½`); decided by a forfeit
    // after a game was played (it has seeds), with the forfeit's mark (`1-1 +`).
    if let (Some((kind, winner)), Some((s, n))) = (g.result, g.match_points) {
        let mark = match kind {
            ResultKind::Played if winner.is_some() => Some(""),
            ResultKind::ForfeitNorth if g.seeds.is_some() => {
                Some(if as_south { " +" } else { " -" })
            }
            ResultKind::ForfeitSouth if g.seeds.is_some() => {
                Some(if as_south { " -" } else { " +" })
            }
            _ => None,
        };
        if let Some(mark) = mark {
            let (mine, theirs) = if as_south { (s, n) } else { (n, s) };
            return format!("{}-{}{mark}", points_text(mine), points_text(theirs));
        }
    }
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
        Some((ResultKind::Bye, _)) => ResultKind::Bye.to_string(),
        Some((ResultKind::Played, None)) => "?".to_string(),
    }
}

/// One cell of the crosstable or round-by-round table.
pub struct Cell {
    pub text: String,
    pub game: Option<i32>,
}

/// The crosstable (round robin: a column per player, by rank) or round-by-round table (Swiss: a
/// column per round): the headers, and per player rank, name, points and cells.
pub struct Crosstable {
    pub round_robin: bool,
    pub headers: Vec<String>,
    pub rows: Vec<CrossRow>,
}

/// A player's line of the table round by round (or the crosstable).
pub struct CrossRow {
    pub rank: String,
    pub name: String,
    pub points: String,
    pub cells: Vec<Cell>,
    /// Withdrawn: still ranked on what they played, marked.
    pub withdrawn: bool,
}

impl Report {
    fn games_of(&self, player: i32) -> Vec<&GameRecord> {
        self.games
            .iter()
            .filter(|g| g.round <= self.after && (g.south == player || g.north == Some(player)))
            .collect()
    }

    pub fn crosstable(&self) -> Crosstable {
        let round_robin = self.t.format.all_play_all();
        let headers = if round_robin {
            (1..=self.table.len()).map(|i| i.to_string()).collect()
        } else {
            (1..=self.after).map(|r| format!("R{r}")).collect()
        };
        let rows = self
            .table
            .iter()
            .map(|s| {
                let mine = self.games_of(s.player_id);
                let cells = if round_robin {
                    self.round_robin_cells(s.player_id, &mine)
                } else {
                    self.round_cells(s.player_id, &mine)
                };
                CrossRow {
                    rank: rank_text(s),
                    name: s.name.clone(),
                    points: value_text(s.points),
                    cells,
                    withdrawn: self.withdrawn.contains(&s.player_id),
                }
            })
            .collect();
        Crosstable {
            round_robin,
            headers,
            rows,
        }
    }

    /// A player's row of the crosstable: against each player by rank, every game between them.
    fn round_robin_cells(&self, player: i32, mine: &[&GameRecord]) -> Vec<Cell> {
        self.table
            .iter()
            .map(|other| {
                if other.player_id == player {
                    return Cell {
                        text: "×".to_string(),
                        game: None,
                    };
                }
                let against: Vec<&&GameRecord> = mine
                    .iter()
                    .filter(|g| g.south == other.player_id || g.north == Some(other.player_id))
                    .collect();
                let text: Vec<String> = against
                    .iter()
                    .map(|g| {
                        let south = g.south == player;
                        format!("{}{}", score_from(g, south), if south { "s" } else { "n" })
                    })
                    .collect();
                Cell {
                    text: text.join(" "),
                    game: against.first().map(|g| g.id),
                }
            })
            .collect()
    }

    /// A player's row of the round-by-round table: per round the opponent's place, the side and
    /// the score.
    fn round_cells(&self, player: i32, mine: &[&GameRecord]) -> Vec<Cell> {
        let position: HashMap<i32, usize> = self
            .table
            .iter()
            .enumerate()
            .map(|(i, s)| (s.player_id, i + 1))
            .collect();
        (1..=self.after)
            .map(|r| match mine.iter().find(|g| g.round == r) {
                None => Cell {
                    text: "–".to_string(),
                    game: None,
                },
                Some(g) => {
                    let south = g.south == player;
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
    }

    /// A player's games round by round, with the byes they asked for.
    pub fn player_rounds(&self, player: PlayerId) -> Vec<PlayerRound> {
        let me = player.get();
        let m = &self.t.matches;
        let mut rounds: Vec<PlayerRound> = self
            .games_of(me)
            .into_iter()
            .map(|g| {
                let south = g.south == me;
                let opponent = if south { g.north } else { Some(g.south) };
                PlayerRound {
                    round: g.round,
                    south: opponent.map(|_| south),
                    opponent: opponent
                        .map(|o| self.names.get(&PlayerId(o)).cloned().unwrap_or_default()),
                    asked_bye: None,
                    score: score_from(g, south),
                    points: score_of(g, south, &self.t.points, m, m.score).unwrap_or_default(),
                    game: opponent.map(|_| g.id),
                    running: 0.0,
                }
            })
            .collect();
        for b in self.byes.iter().filter(|b| b.player == me) {
            let points = bye_score(b.kind, &self.t.points, m, m.score);
            rounds.push(PlayerRound {
                round: b.round,
                south: None,
                opponent: None,
                asked_bye: Some(b.kind),
                score: value_text(points),
                points,
                game: None,
                running: 0.0,
            });
        }
        rounds.sort_by_key(|r| r.round);
        let mut running = 0.0;
        for r in &mut rounds {
            running += r.points;
            r.running = running;
        }
        rounds
    }
}

/// A round of a player's page: a game, a pairing bye, or a bye the player asked for.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerRound {
    pub round: i32,
    /// Whether the player moved first (South); `None` without an opponent.
    pub south: Option<bool>,
    /// The opponent's name; `None` for a bye.
    pub opponent: Option<String>,
    /// The bye the player asked for, in this round.
    pub asked_bye: Option<ByeKind>,
    /// The score as the crosstable writes it (`1`, `½`, `1½-½`, `+`, `-`, `…`, `?`).
    pub score: String,
    pub points: f64,
    pub game: Option<i32>,
    /// The points after this round.
    pub running: f64,
}

/// Players as the standings know them, in the order given.
pub fn entrants(players: &[crate::db::models::Player]) -> Vec<Entrant> {
    players
        .iter()
        .map(|p| Entrant {
            id: p.id.get(),
            name: p.name.clone(),
            club: p.club.clone(),
            rating: p.rating,
        })
        .collect()
}

/// The byes players asked for (or were granted), as the standings count them.
pub fn requested_byes(
    conn: &mut SqliteConnection,
    tournament_id: TournamentId,
) -> Result<Vec<RequestedBye>, ServiceError> {
    Ok(queries::tournament_byes(conn, tournament_id)?
        .into_iter()
        .map(|b| RequestedBye {
            player: b.player_id.get(),
            round: b.round_number,
            kind: b.kind,
        })
        .collect())
}
