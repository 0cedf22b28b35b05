//! A hub's circuits at a venue without internet (`docs/circuits.md`, "At a venue"): as it
//! publishes a tournament, the venue fetches now and then the circuits of its hub that count it
//! (their rules and every result, the files anyone recomputes them from) and keeps them; its
//! pages show each circuit's standings as of that fetch and each player's provisional circuit
//! points from the venue's own standings, as if the event ended now.

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use chrono::{NaiveDateTime, Utc};
use diesel::sqlite::SqliteConnection;
use serde::Serialize;

use super::circuits::{Counting, report_rows};
use super::{Connections, ServiceError};
use crate::circuit::files::{ResultRow, read_results};
use crate::circuit::{Details, Rules, Standings, Total};
use crate::db::held_circuits::{self as stored, HeldCircuit};
use crate::tournament::TournamentId;

/// The most a hub's answer may weigh (a season of a few thousand persons is well under it).
const MOST: u64 = 16 * 1024 * 1024;

/// Asks the hub at `hub` for its circuits counting its tournament `hub_tournament` (blocking:
/// run off the async threads). What went wrong, in a line for the log.
pub fn fetch(hub: &str, hub_tournament: i32) -> Result<Vec<Counting>, String> {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .timeout_global(Some(Duration::from_secs(30)))
        .timeout_connect(Some(Duration::from_secs(10)))
        .build()
        .into();
    let mut answer = agent
        .get(&format!("{hub}/api/circuits?tournament={hub_tournament}"))
        .call()
        .map_err(|e| e.to_string())?;
    let text = answer
        .body_mut()
        .with_config()
        .limit(MOST)
        .read_to_string()
        .map_err(|e| e.to_string())?;
    serde_json::from_str(&text).map_err(|e| e.to_string())
}

/// Keeps what the hub answered for `tournament` in place of what was held: each circuit whose
/// rules and results read (one that does not is left out, and said in the log).
pub fn keep(
    conn: &mut SqliteConnection,
    tournament: TournamentId,
    fetched: &[Counting],
    at: NaiveDateTime,
) -> Result<(), ServiceError> {
    let held: Vec<HeldCircuit> = fetched
        .iter()
        .filter(|c| {
            let holds = c.rules.check().is_ok() && read_results(&c.results).is_ok();
            if !holds {
                tracing::warn!(
                    circuit = c.id,
                    "a hub's circuit that does not read, not kept"
                );
            }
            holds
        })
        .map(|c| HeldCircuit {
            tournament_id: tournament,
            circuit_id: c.id,
            rules: serde_json::to_string(&c.rules).unwrap_or_default(),
            results: c.results.clone(),
            computed_at: c.computed_at,
            fetched_at: at,
        })
        .collect();
    super::transaction(conn, |conn| Ok(stored::replace(conn, tournament, &held)?))
}

/// A player's line of a held circuit at the venue.
#[derive(Clone, Debug, Serialize)]
pub struct PlayerPoints {
    pub name: String,
    pub place: usize,
    /// The points this event gives them if it ended now (coefficient applied).
    pub points: Total,
    /// Whether they would be among the results that count.
    pub counted: bool,
    /// Their circuit rank and total if the event ended now.
    pub rank: usize,
    pub total: Total,
    /// Their circuit rank as of the fetch.
    pub rank_before: Option<usize>,
}

/// A held circuit as the venue's page shows it.
#[derive(Clone, Debug, Serialize)]
pub struct HeldView {
    pub id: i32,
    pub rules: Rules,
    pub computed_at: NaiveDateTime,
    pub fetched_at: NaiveDateTime,
    /// The standings as the hub computed them.
    pub standings: Standings,
    /// This event's players who are persons of the register, in the event's order.
    pub players: Vec<PlayerPoints>,
}

/// The circuits held for `tournament`, each with the provisional points of its players from
/// the venue's standings now (its results in the hub's file put aside: the venue's are newer).
pub fn views(
    conn: &mut SqliteConnection,
    tournament: TournamentId,
) -> Result<Vec<HeldView>, ServiceError> {
    let held = stored::of(conn, tournament)?;
    if held.is_empty() {
        return Ok(Vec::new());
    }
    let link = crate::db::publishing::link(conn, tournament)?;
    let hub_id = link.and_then(|l| l.hub_tournament).map(i64::from);
    let report = super::standings::report(conn, tournament, None)?;
    let players: HashMap<i32, crate::db::models::Player> =
        crate::db::queries::list_players(conn, tournament)?
            .into_iter()
            .map(|p| (p.id.get(), p))
            .collect();
    let finished = report.published >= report.t.rounds && report.open.is_empty();
    let mut views = Vec::new();
    for h in held {
        let (Ok(rules), Ok(results)) = (
            serde_json::from_str::<Rules>(&h.rules),
            read_results(&h.results),
        ) else {
            continue;
        };
        let Some(event) = hub_id.filter(|id| rules.coefficient(*id).is_some()) else {
            continue;
        };
        let before = crate::circuit::standings(&rules, &results);
        let of = |player: i32| {
            let p = players.get(&player)?;
            let person = i64::from(p.register_id?);
            let known = results.iter().find(|r| r.person_id == person);
            let categories = match known {
                Some(r) => r.categories.clone(),
                None => rules.categories_of(&Details {
                    birth_year: p.birth_year,
                    gender: &p.gender,
                    federation: &p.federation,
                    club: &p.club,
                }),
            };
            Some((person, p.name.clone(), categories))
        };
        let own = report_rows(&report, event, None, finished, of);
        let mut now: Vec<ResultRow> = results
            .into_iter()
            .filter(|r| r.tournament_id != event)
            .collect();
        now.extend(own.iter().cloned());
        let after = crate::circuit::standings(&rules, &now);
        let players = own
            .iter()
            .filter_map(|r| {
                let line = after.of(r.person_id)?;
                let result = line.results.iter().find(|x| x.tournament_id == event)?;
                Some(PlayerPoints {
                    name: r.name.clone(),
                    place: r.place.first,
                    points: result.points,
                    counted: result.counted,
                    rank: line.rank,
                    total: line.total,
                    rank_before: before.of(r.person_id).map(|l| l.rank),
                })
            })
            .collect();
        views.push(HeldView {
            id: h.circuit_id,
            rules,
            computed_at: h.computed_at,
            fetched_at: h.fetched_at,
            standings: before,
            players,
        });
    }
    Ok(views)
}

/// How long a venue waits between two fetches of a tournament's circuits, as it publishes.
pub fn fetch_every(longest_pause: Duration) -> Duration {
    longest_pause * 10
}

/// When each tournament's circuits were last fetched from its hub (since the start: the first
/// round after a start fetches them all).
#[derive(Default)]
pub struct Fetched(Mutex<HashMap<TournamentId, Instant>>);

impl Fetched {
    /// Fetches the circuits of each tournament the hub took a version of, at most once per
    /// `every`, and keeps them: the writes it took. A hub that cannot be reached is tried again
    /// at the next round; what was held stays.
    pub async fn follow(&self, db: &Connections, every: Duration) -> u64 {
        let links = match db
            .read(|conn| Ok(crate::db::publishing::links(conn)?))
            .await
        {
            Ok(links) => links,
            Err(e) => {
                tracing::warn!("circuits from the hub: {e}");
                return 0;
            }
        };
        let mut writes = 0;
        for link in links {
            let (id, Some(hub_tournament)) = (link.tournament_id, link.hub_tournament) else {
                continue;
            };
            let due = self
                .0
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .get(&id)
                .is_none_or(|at| at.elapsed() >= every);
            if !due || link.pushed_at.is_none() {
                continue;
            }
            if link.problem.is_some() {
                // The last push failed: the hub is not asked more while it does not answer.
                continue;
            }
            let hub = link.hub_url.clone();
            // On a thread of its own, as a push: a hub that never answers holds only that
            // thread, and the service stops without waiting for it.
            let (done, answer) = tokio::sync::oneshot::channel();
            let started = std::thread::Builder::new()
                .name("hub-circuits".to_string())
                .spawn(move || {
                    let _ = done.send(fetch(&hub, hub_tournament));
                });
            let fetched = match started {
                Ok(_) => answer.await.unwrap_or_else(|e| Err(e.to_string())),
                Err(e) => Err(e.to_string()),
            };
            let fetched = match fetched {
                Ok(fetched) => fetched,
                Err(e) => {
                    tracing::warn!(tournament = id.get(), "circuits from the hub: {e}");
                    continue;
                }
            };
            let at = Utc::now().naive_utc();
            let kept = db.write(move |conn| keep(conn, id, &fetched, at)).await;
            writes += 1;
            match kept {
                Ok(()) => {
                    self.0
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .insert(id, Instant::now());
                }
                Err(e) => tracing::warn!(tournament = id.get(), "circuits from the hub: {e}"),
            }
        }
        writes
    }
}
