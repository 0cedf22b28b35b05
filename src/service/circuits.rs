//! A season's circuits on a hub (`docs/circuits.md`): the organiser sets one up and changes its
//! rules (one record, `circuit::Rules`), records who declined a place in the final; everyone
//! reads its standings, computed from the counting tournaments' final standings and the
//! register (each player counted as their person, merges followed) by `circuit::standings`,
//! exactly as anyone recomputes them from the published `circuit.csv` and `rules.json`.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use chrono::{NaiveDate, NaiveDateTime, Utc};
use diesel::sqlite::SqliteConnection;
use serde::Serialize;

use super::changes::Change;
use super::claims::Registered;
use super::{Actor, Audit, ServiceError, transaction};
use crate::circuit::files::{Published, ResultRow};
use crate::circuit::points::Place;
use crate::circuit::{Details, Qualification, Rules, RulesProblem, Standings};
use crate::db::circuits as stored;
use crate::db::register::{self as persons, Person};
use crate::tournament::TournamentId;
use crate::tournament::said::Said;

/// A circuit as stored.
#[derive(Clone, Debug, Serialize)]
pub struct Circuit {
    pub id: i32,
    pub rules: Rules,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
    /// The qualification list as last seen, and since when (none before it was first seen).
    pub qualified: Option<SeenList>,
    pub qualified_at: Option<NaiveDateTime>,
}

/// The qualification list as last seen, with the time of the rules it was computed under.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct SeenList {
    pub rules_at: NaiveDateTime,
    pub qualified: Vec<Seeded>,
}

/// A qualified person by seed, as the list last seen keeps them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct Seeded {
    pub person_id: i64,
    pub name: String,
}

impl TryFrom<stored::CircuitRow> for Circuit {
    type Error = ServiceError;
    fn try_from(row: stored::CircuitRow) -> Result<Circuit, ServiceError> {
        let rules = serde_json::from_str(&row.rules).map_err(|_| {
            ServiceError::Conflict(crate::said!("circuit-rules-unreadable", id = row.id))
        })?;
        Ok(Circuit {
            id: row.id,
            rules,
            created_at: row.created_at,
            updated_at: row.updated_at,
            qualified: row
                .qualified
                .as_deref()
                .and_then(|q| serde_json::from_str(q).ok()),
            qualified_at: row.qualified_at,
        })
    }
}

/// A counting tournament as the circuit's pages show it.
#[derive(Clone, Debug, Serialize)]
pub struct CountingTournament {
    pub id: i32,
    pub name: String,
    pub coefficient: String,
    pub date: Option<NaiveDate>,
    /// Its last round is published and every game has its result.
    pub finished: bool,
    /// It is on this service (a tournament removed since counts nothing).
    pub here: bool,
    pub persons: usize,
}

/// A circuit with everything computed from it.
#[derive(Debug, Serialize)]
pub struct Computed {
    pub circuit: Circuit,
    pub tournaments: Vec<CountingTournament>,
    pub results: Vec<ResultRow>,
    pub standings: Standings,
    pub qualification: Qualification,
    pub computed_at: NaiveDateTime,
}

impl Computed {
    /// One published file by its name in `circuit::files::FILES`, written from what is
    /// already computed (`None` for a name that is not one).
    pub fn file(&self, name: &str) -> Option<String> {
        Published {
            rules: &self.circuit.rules,
            results: &self.results,
            standings: &self.standings,
            qualification: &self.qualification,
        }
        .file(name)
    }

    /// The tournaments it counted, by their ids here.
    fn counted(&self) -> Vec<i32> {
        self.tournaments.iter().map(|t| t.id).collect()
    }
}

pub(super) fn problem(p: &RulesProblem) -> Said {
    match p {
        RulesProblem::SeasonBackwards => crate::said!("circuit-season-backwards"),
        RulesProblem::NoName => crate::said!("circuit-no-name"),
        RulesProblem::EventTwice(t) => crate::said!("circuit-event-twice", tournament = *t),
        RulesProblem::CategoryTwice(c) => crate::said!("circuit-category-twice", code = c.clone()),
        RulesProblem::NoSuchCategory(c) => {
            crate::said!("circuit-no-such-category", code = c.clone())
        }
        RulesProblem::BestZero => crate::said!("circuit-best-zero"),
        RulesProblem::EmptyTable => crate::said!("circuit-empty-table"),
        RulesProblem::BadCode => crate::said!("circuit-bad-code"),
        RulesProblem::FinalCounts => crate::said!("circuit-final-counts"),
    }
}

/// The rules' own coherence, and every counting tournament on this service.
fn check(conn: &mut SqliteConnection, rules: &Rules) -> Result<(), ServiceError> {
    rules
        .check()
        .map_err(|p| ServiceError::Invalid(problem(&p)))?;
    for e in &rules.events {
        let id = i32::try_from(e.tournament_id).unwrap_or(0);
        if super::tournaments::get(conn, TournamentId(id)).is_err() {
            return Err(ServiceError::Invalid(crate::said!(
                "circuit-no-such-tournament",
                tournament = e.tournament_id
            )));
        }
    }
    Ok(())
}

pub(super) fn audit(
    conn: &mut SqliteConnection,
    actor: &Actor,
    change: Change,
    before: Option<&Rules>,
    after: &Rules,
) -> Result<(), ServiceError> {
    Audit {
        actor,
        change,
        tournament_id: None,
    }
    .record(conn, before, Some(after))
}

/// The organiser sets up a circuit.
pub fn create(
    conn: &mut SqliteConnection,
    actor: &Actor,
    rules: &Rules,
) -> Result<i32, ServiceError> {
    actor.organiser()?;
    transaction(conn, |conn| {
        check(conn, rules)?;
        let text = serde_json::to_string(rules).unwrap_or_default();
        let id = stored::insert(conn, &text, Utc::now().naive_utc())?;
        audit(
            conn,
            actor,
            Change::CircuitCreated { circuit: id },
            None,
            rules,
        )?;
        Ok(id)
    })
}

pub fn get(conn: &mut SqliteConnection, id: i32) -> Result<Circuit, ServiceError> {
    stored::get(conn, id)?
        .ok_or_else(|| ServiceError::not_found("circuit"))?
        .try_into()
}

/// Every circuit, the newest first (one whose record does not read is left out).
pub fn all(conn: &mut SqliteConnection) -> Result<Vec<Circuit>, ServiceError> {
    Ok(stored::all(conn)?
        .into_iter()
        .filter_map(|row| Circuit::try_from(row).ok())
        .collect())
}

/// The tournaments here a circuit may count, the newest first.
pub fn choices(conn: &mut SqliteConnection) -> Result<Vec<persons::TournamentMark>, ServiceError> {
    Ok(persons::tournament_marks(conn)?)
}

/// The organiser changes a circuit's rules (who declined is kept as it was: it has its own
/// workflow).
pub fn update(
    conn: &mut SqliteConnection,
    actor: &Actor,
    id: i32,
    rules: &Rules,
) -> Result<(), ServiceError> {
    actor.organiser()?;
    transaction(conn, |conn| {
        let before = get(conn, id)?;
        let rules = Rules {
            declined: before.rules.declined.clone(),
            final_tournament: before.rules.final_tournament.clone(),
            ..rules.clone()
        };
        check(conn, &rules)?;
        let text = serde_json::to_string(&rules).unwrap_or_default();
        stored::update(conn, id, &text, Utc::now().naive_utc())?;
        audit(
            conn,
            actor,
            Change::CircuitUpdated { circuit: id },
            Some(&before.rules),
            &rules,
        )
    })
}

impl Computed {
    /// The qualification list now, by seed.
    pub fn seeded(&self) -> Vec<Seeded> {
        self.qualification
            .qualified
            .iter()
            .map(|q| Seeded {
                person_id: q.person_id,
                name: q.name.clone(),
            })
            .collect()
    }
}

/// What a change of the qualification list no edit of the circuit made did, as the audit log
/// keeps it.
#[derive(Clone, Debug, Serialize)]
struct QualificationChanged<'a> {
    qualified: &'a [Seeded],
    /// Who qualifies now and did not.
    entered: Vec<&'a Seeded>,
    /// Who qualified and does not now.
    left: Vec<&'a Seeded>,
}

/// Keeps `now`, the qualification list of circuit `id` as just computed under the rules of
/// `rules_at`, if it is not the one kept: the first list, or one after an edit of the rules
/// (whose own entry is in the log), silently; one computed under the same rules as the list
/// before (a ruling, a correction, a venue's late push, a merge moved it) with an entry in the
/// audit log naming who entered and who left. Whether it was kept.
pub fn note_qualification(
    conn: &mut SqliteConnection,
    id: i32,
    now: &[Seeded],
    rules_at: NaiveDateTime,
) -> Result<bool, ServiceError> {
    transaction(conn, |conn| {
        let circuit = get(conn, id)?;
        let seen = circuit.qualified.as_ref();
        if circuit.updated_at != rules_at
            || seen.is_some_and(|s| s.rules_at == rules_at && s.qualified == now)
        {
            return Ok(false);
        }
        // The list's date is the day it last changed.
        let at = match (seen, circuit.qualified_at) {
            (Some(s), Some(at)) if s.qualified == now => at,
            _ => Utc::now().naive_utc(),
        };
        let kept = SeenList {
            rules_at,
            qualified: now.to_vec(),
        };
        let text = serde_json::to_string(&kept).unwrap_or_default();
        stored::set_qualified(conn, id, &text, at)?;
        let Some(before) = circuit.qualified.filter(|s| s.rules_at == rules_at) else {
            return Ok(true);
        };
        if before.qualified == now {
            return Ok(true);
        }
        let before = before.qualified;
        let after = QualificationChanged {
            qualified: now,
            entered: now.iter().filter(|s| !before.contains(s)).collect(),
            left: before.iter().filter(|s| !now.contains(s)).collect(),
        };
        let entity = Change::CircuitQualificationChanged { circuit: id }.entity();
        crate::db::queries::insert_audit(
            conn,
            &crate::db::models::NewAuditEntry {
                at,
                actor: "the circuit's standings",
                action: super::changes::ChangeKind::CircuitQualificationChanged.code(),
                tournament_id: None,
                entity: entity.entity,
                entity_id: entity.id,
                before: Some(serde_json::to_string(&before).unwrap_or_default()),
                after: Some(serde_json::to_string(&after).unwrap_or_default()),
                sender: None,
                claimed_sender: None,
            },
        )?;
        Ok(true)
    })
}

/// A circuit counting a tournament, as the hub answers `GET /api/circuits?tournament=ID`: what
/// a venue keeps of it (`service::held_circuits`).
#[derive(Clone, Debug, Serialize, serde::Deserialize)]
pub struct Counting {
    pub id: i32,
    pub rules: Rules,
    /// `circuit.csv`.
    pub results: String,
    pub computed_at: NaiveDateTime,
}

/// The tournaments a circuit counts, by their ids here.
fn counted(rules: &Rules) -> Vec<i32> {
    rules
        .events
        .iter()
        .map(|e| i32::try_from(e.tournament_id).unwrap_or(0))
        .collect()
}

/// Each result of the counting tournaments: the final standings' places, each player as their
/// person (merges followed; a player of no person counts for no one; a person entered twice in
/// one tournament keeps the better place), with the categories of the register's details.
fn results(
    conn: &mut SqliteConnection,
    rules: &Rules,
    reports: &Reports,
) -> Result<(Vec<ResultRow>, Vec<CountingTournament>), ServiceError> {
    let register: HashMap<i32, Person> =
        persons::all(conn)?.into_iter().map(|p| (p.id, p)).collect();
    let ids = counted(rules);
    let person_of: HashMap<i32, i32> = persons::players_of(conn, &ids)?
        .into_iter()
        .filter_map(|p| {
            let r = Registered::of(p);
            let person = super::ratings::root(&register, r.person?)?;
            Some((r.player.id, person))
        })
        .collect();
    let last_days: HashMap<i32, Option<NaiveDate>> = persons::tournament_marks(conn)?
        .into_iter()
        .map(|m| (m.id, m.last_day))
        .collect();
    let mut rows = Vec::new();
    let mut tournaments = Vec::new();
    for e in &rules.events {
        let id = i32::try_from(e.tournament_id).unwrap_or(0);
        let report = match reports.get(&id) {
            Some(report) => Ok(report.clone()),
            None => super::standings::report(conn, TournamentId(id), None).map(Arc::new),
        };
        let Ok(report) = report else {
            tournaments.push(CountingTournament {
                id,
                name: String::new(),
                coefficient: e.coefficient.to_string(),
                date: None,
                finished: false,
                here: false,
                persons: 0,
            });
            continue;
        };
        let finished = report.published >= report.t.rounds && report.open.is_empty();
        let date = last_days.get(&id).copied().flatten();
        let of = |player: i32| {
            let person = *person_of.get(&player)?;
            let p = &register[&person];
            let details = Details {
                birth_year: p.birth_year,
                gender: &p.gender,
                federation: &p.federation,
                club: &p.club,
            };
            Some((
                i64::from(person),
                p.name.clone(),
                rules.categories_of(&details),
            ))
        };
        let own = report_rows(&report, e.tournament_id, date, finished, of);
        let persons = own.len();
        rows.extend(own);
        tournaments.push(CountingTournament {
            id,
            name: report.t.name.clone(),
            coefficient: e.coefficient.to_string(),
            date,
            finished,
            here: true,
            persons,
        });
    }
    Ok((rows, tournaments))
}

/// The final standings reports of tournaments, by id, as the standings part keeps them.
pub type Reports = HashMap<i32, Arc<super::standings::Report>>;

/// A circuit's counting tournaments' standings as the standings' cache held them, asked before
/// a workflow that recomputes the circuit in its write: each one is used only if its
/// tournament has not changed since (checked on the writer, where nothing else writes), the
/// others computed in the write as before. The write then costs what changed, not every
/// counting tournament's standings.
pub struct HeldReports {
    reports: Reports,
    /// Each tournament's version, read before its report was.
    versions: Vec<(i32, u64)>,
    db: super::Connections,
}

impl HeldReports {
    /// The reports still current. Called on the writer.
    pub fn current(self) -> Reports {
        let mut reports = self.reports;
        for (t, version) in self.versions {
            if self.db.tournament_version(TournamentId(t)) != version {
                reports.remove(&t);
            }
        }
        reports
    }
}

/// The results a tournament's standings `report` gives a circuit, counted as tournament
/// `tournament_id` of it: each player `of` gives a person (id, name, categories) in their place
/// (a shared place from its first to its last), a person entered twice keeping the better.
pub fn report_rows(
    report: &super::standings::Report,
    tournament_id: i64,
    date: Option<NaiveDate>,
    finished: bool,
    of: impl Fn(i32) -> Option<(i64, String, Vec<String>)>,
) -> Vec<ResultRow> {
    let field = report.table.len();
    let mut sharing: HashMap<usize, usize> = HashMap::new();
    for s in &report.table {
        *sharing.entry(s.rank).or_default() += 1;
    }
    let mut seen = std::collections::HashSet::new();
    let mut rows = Vec::new();
    for s in &report.table {
        let Some((person_id, name, categories)) = of(s.player_id) else {
            continue;
        };
        if !seen.insert(person_id) {
            continue;
        }
        rows.push(ResultRow {
            tournament_id,
            tournament: report.t.name.clone(),
            date,
            person_id,
            name,
            categories,
            place: Place {
                first: s.rank,
                last: sharing[&s.rank] + s.rank - 1,
                field,
                halves: (s.points * 2.0).round() as i64,
            },
            finished,
        });
    }
    rows
}

/// A circuit with its standings and qualification as of now (each counting tournament's
/// standings taken from `reports`, or computed when it is not there).
pub fn compute(
    conn: &mut SqliteConnection,
    id: i32,
    reports: &Reports,
) -> Result<Computed, ServiceError> {
    let circuit = get(conn, id)?;
    computed_from(conn, circuit, reports)
}

/// What `circuit` (its rules as given, stored or not) gives as of now.
pub fn computed_from(
    conn: &mut SqliteConnection,
    circuit: Circuit,
    reports: &Reports,
) -> Result<Computed, ServiceError> {
    let (results, tournaments) = results(conn, &circuit.rules, reports)?;
    let mut standings = crate::circuit::standings(&circuit.rules, &results);
    // An event not over counts as such even before any of its players is a person's.
    standings.provisional |= tournaments.iter().any(|t| t.here && !t.finished);
    let qualification = crate::circuit::qualify(&circuit.rules, &standings);
    Ok(Computed {
        circuit,
        tournaments,
        results,
        standings,
        qualification,
        computed_at: Utc::now().naive_utc(),
    })
}

/// The circuits as last computed: each again only after a write to what it is computed from
/// (its record, the register, its counting tournaments' rows; a sheet elsewhere leaves it).
pub struct Circuits {
    db: super::Connections,
    cache: Mutex<HashMap<i32, (u64, Arc<Computed>)>>,
}

impl Circuits {
    pub fn new(db: super::Connections) -> Circuits {
        Circuits {
            db,
            cache: Mutex::default(),
        }
    }

    /// The version of what `computed` was computed from, as it is now (while the circuit's
    /// record is unchanged its counting tournaments are those it names).
    fn version(&self, computed: &Computed) -> u64 {
        self.db.circuit_version(&computed.counted())
    }

    /// The circuits counting `tournament`.
    async fn counting_ids(&self, tournament: i32) -> Result<Vec<i32>, ServiceError> {
        Ok(self
            .db
            .read(all)
            .await?
            .into_iter()
            .filter(|c| counted(&c.rules).contains(&tournament))
            .map(|c| c.id)
            .collect())
    }

    /// The standings of the tournaments `computed` counts, for a workflow that recomputes the
    /// circuit in its write (see [`HeldReports`]).
    pub async fn held_reports(
        &self,
        computed: &Computed,
        standings: &super::standings::Standings,
    ) -> Result<HeldReports, ServiceError> {
        let mut held = HeldReports {
            reports: Reports::new(),
            versions: Vec::new(),
            db: self.db.clone(),
        };
        for t in computed.counted() {
            let version = self.db.tournament_version(TournamentId(t));
            if let Ok(report) = standings.report(TournamentId(t), None).await {
                held.reports.insert(t, report);
                held.versions.push((t, version));
            }
        }
        Ok(held)
    }

    /// Every circuit counting `tournament` computed again, as after a venue's push of it: a
    /// change of a qualification list is kept and logged at once, not at the next reading.
    pub async fn after_results(
        &self,
        tournament: i32,
        standings: &super::standings::Standings,
    ) -> Result<(), ServiceError> {
        let counting = self.counting_ids(tournament).await?;
        for id in counting {
            self.computed(id, standings).await?;
        }
        Ok(())
    }

    /// Every circuit counting `tournament`, with the files a venue keeps of it (its rules and
    /// every result), as of now.
    pub async fn counting(
        &self,
        tournament: i32,
        standings: &super::standings::Standings,
    ) -> Result<Vec<Counting>, ServiceError> {
        let counting = self.counting_ids(tournament).await?;
        let mut out = Vec::new();
        for id in counting {
            let c = self.computed(id, standings).await?;
            out.push(Counting {
                id,
                rules: c.circuit.rules.clone(),
                results: c.file("circuit.csv").unwrap_or_default(),
                computed_at: c.computed_at,
            });
        }
        Ok(out)
    }

    /// The circuit as of now, its counting tournaments' standings asked of `standings` (which
    /// keeps each until its tournament changes).
    pub async fn computed(
        &self,
        id: i32,
        standings: &super::standings::Standings,
    ) -> Result<Arc<Computed>, ServiceError> {
        let held = self
            .cache
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(&id)
            .cloned();
        let guess: Vec<i32> = match &held {
            Some((version, computed)) => {
                if *version == self.version(computed) {
                    return Ok(computed.clone());
                }
                computed.counted()
            }
            None => {
                let circuit = self.db.read(move |conn| get(conn, id)).await?;
                counted(&circuit.rules)
            }
        };
        // The version is read before the data, as the rating list's is, with the counting
        // tournaments as last seen: the entry is kept only if they are still the ones counted
        // (a change of the record since moves the version on anyway).
        let version = self.db.circuit_version(&guess);
        let mut reports = Reports::new();
        for t in &guess {
            if let Ok(report) = standings.report(TournamentId(*t), None).await {
                reports.insert(*t, report);
            }
        }
        let mut computed = self
            .db
            .read(move |conn| compute(conn, id, &reports))
            .await?;
        let now = computed.seeded();
        let seen = computed.circuit.qualified.as_ref();
        if !seen.is_some_and(|s| s.rules_at == computed.circuit.updated_at && s.qualified == now) {
            // A list not seen before is kept (and logged when results moved it) before it is
            // shown: the page says since when it stands.
            let rules_at = computed.circuit.updated_at;
            let kept = self
                .db
                .write(move |conn| note_qualification(conn, id, &now, rules_at))
                .await?;
            if kept {
                computed.circuit = self.db.read(move |conn| get(conn, id)).await?;
                return Ok(Arc::new(computed));
            }
        }
        let computed = Arc::new(computed);
        if computed.counted() == guess {
            let mut cache = self.cache.lock().unwrap_or_else(PoisonError::into_inner);
            cache.insert(id, (version, computed.clone()));
        }
        Ok(computed)
    }
}
