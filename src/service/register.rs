//! The rating list's register and its ratings (`docs/ratings.md`): on a hub, its organisers
//! keep the persons (added, merged and split back, each audited), confirm who the players
//! pushed without a person are, and mark the tournaments whose games are rated; a venue imports
//! the hub's register before its event, so that entries are linked as they are typed. The list
//! is computed from the database by `rating::season::rate`, exactly as anyone recomputes it from
//! the published `games.csv`.

use std::collections::HashMap;

use chrono::Utc;
use diesel::sqlite::SqliteConnection;
use serde::{Deserialize, Serialize};

use super::changes::Change;
use super::{Actor, Audit, ServiceError, transaction};
use crate::db::register::{self as stored, NewPerson, Person};
use crate::rating::files::{self, PersonRow, Problem};
use crate::tournament::register::{Candidate, Why, name_key, suggest as rank};
use crate::tournament::said::Said;
use crate::tournament::{PlayerId, TournamentId};

pub use crate::tournament::register::Wanted;

/// A person's details as typed on the register's page.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct PersonInput {
    pub name: String,
    pub birth_year: Option<i64>,
    #[serde(default)]
    pub gender: String,
    #[serde(default)]
    pub federation: String,
    #[serde(default)]
    pub club: String,
    #[serde(default)]
    pub licence: String,
}

/// A person the register suggests, and why.
#[derive(Clone, Debug, Serialize)]
pub struct SuggestionView {
    pub id: i32,
    pub name: String,
    pub birth_year: Option<i32>,
    pub federation: String,
    pub why: Why,
}

/// A player waiting for the hub's organiser to say who they are.
#[derive(Clone, Debug, Serialize)]
pub struct Waiting {
    pub player_id: i32,
    pub tournament_id: i32,
    pub tournament: String,
    pub name: String,
    pub birth_year: Option<i32>,
    pub federation: String,
    pub suggestions: Vec<SuggestionView>,
}

/// The register in memory: every person, and whom each one's games count for.
struct Register {
    persons: HashMap<i32, Person>,
}

impl Register {
    fn read(conn: &mut SqliteConnection) -> Result<Register, ServiceError> {
        Ok(Register {
            persons: stored::all(conn)?.into_iter().map(|p| (p.id, p)).collect(),
        })
    }

    /// The person `id`'s games count for: the one they were merged into, and so on.
    fn root(&self, id: i32) -> Option<i32> {
        super::ratings::root(&self.persons, id)
    }

    fn candidates(&self) -> Vec<Candidate> {
        let mut out: Vec<Candidate> = self
            .persons
            .values()
            .filter(|p| p.merged_into.is_none())
            .map(|p| Candidate {
                id: p.id,
                name: p.name.clone(),
                name_key: p.name_key.clone(),
                birth_year: p.birth_year,
                federation: p.federation.clone(),
                licence: p.licence.clone(),
            })
            .collect();
        out.sort_by_key(|c| c.id);
        out
    }

    fn suggest(&self, wanted: &Wanted, most: usize) -> Vec<SuggestionView> {
        rank(wanted, &self.candidates(), most)
            .into_iter()
            .filter_map(|s| {
                let p = self.persons.get(&s.id)?;
                Some(SuggestionView {
                    id: p.id,
                    name: p.name.clone(),
                    birth_year: p.birth_year,
                    federation: p.federation.clone(),
                    why: s.why,
                })
            })
            .collect()
    }
}

fn check_details(input: &PersonInput) -> Result<(), ServiceError> {
    let invalid = |s| Err(ServiceError::Invalid(s));
    let name = input.name.trim();
    if name.is_empty() {
        return invalid(crate::said!("person-needs-name"));
    }
    if name.chars().count() > 100 || input.club.chars().count() > 100 {
        return invalid(crate::said!("name-at-most-100-characters"));
    }
    if input.federation.trim().chars().count() > 20 || input.licence.trim().chars().count() > 40 {
        return invalid(crate::said!("person-federation-licence-too-long"));
    }
    let texts = [name, &input.club, &input.federation, &input.licence];
    if !texts
        .iter()
        .all(|t| crate::tournament::players::plain_text(t))
    {
        return invalid(crate::said!("names-may-not-hold-control"));
    }
    if let Some(y) = input.birth_year.filter(|y| !(1900..=2100).contains(y)) {
        return invalid(crate::said!("birth-year-not-year-1900", y));
    }
    if !matches!(input.gender.as_str(), "" | "female" | "male") {
        return invalid(crate::said!(
            "gender-not-female-male",
            other = &input.gender
        ));
    }
    Ok(())
}

/// The hub's organiser adds a person to the register.
pub fn add(
    conn: &mut SqliteConnection,
    actor: &Actor,
    input: &PersonInput,
) -> Result<Person, ServiceError> {
    actor.organiser()?;
    check_details(input)?;
    let name = input.name.trim();
    let key = name_key(name);
    transaction(conn, |conn| {
        let person = stored::insert(
            conn,
            &NewPerson {
                id: None,
                name,
                name_key: &key,
                birth_year: input.birth_year.map(|y| y as i32),
                gender: &input.gender,
                federation: input.federation.trim(),
                club: input.club.trim(),
                licence: input.licence.trim(),
                merged_into: None,
                created_at: Utc::now().naive_utc(),
                rating: None,
                rd: None,
            },
        )?;
        audit(
            conn,
            actor,
            Change::PersonAdded,
            person.id,
            None,
            Some(&person),
        )?;
        Ok(person)
    })
}

fn audit(
    conn: &mut SqliteConnection,
    actor: &Actor,
    action: Change,
    id: i32,
    before: Option<&serde_json::Value>,
    after: Option<&Person>,
) -> Result<(), ServiceError> {
    Audit {
        actor,
        action,
        tournament_id: None,
        entity: "person",
        entity_id: Some(id),
    }
    .record(conn, before, after)
}

/// The persons the register suggests for what was typed (staff only: birth years are shown).
pub fn suggest(
    conn: &mut SqliteConnection,
    actor: &Actor,
    wanted: &Wanted,
) -> Result<Vec<SuggestionView>, ServiceError> {
    actor.staff()?;
    Ok(Register::read(conn)?.suggest(wanted, 10))
}

/// The hub's organiser merges `gone` into `keep`: `gone`'s games count for `keep` from now on,
/// and `gone` keeps their id, so that a split gives both their own histories back.
pub fn merge(
    conn: &mut SqliteConnection,
    actor: &Actor,
    keep: i32,
    gone: i32,
) -> Result<(), ServiceError> {
    actor.organiser()?;
    if keep == gone {
        return Err(ServiceError::Invalid(crate::said!(
            "merge-person-with-themselves"
        )));
    }
    transaction(conn, |conn| {
        let register = Register::read(conn)?;
        for id in [keep, gone] {
            let p = register
                .persons
                .get(&id)
                .ok_or_else(|| ServiceError::not_found("person"))?;
            if let Some(into) = p.merged_into {
                return Err(ServiceError::Conflict(crate::said!(
                    "person-already-merged",
                    id,
                    into
                )));
            }
        }
        if let Some(game) = played_each_other(conn, &register, keep, gone)? {
            return Err(ServiceError::Invalid(crate::said!(
                "persons-played-each-other",
                game
            )));
        }
        stored::set_merged_into(conn, gone, Some(keep))?;
        let before = serde_json::json!({"merged_into": null});
        let after = stored::get(conn, gone)?;
        audit(
            conn,
            actor,
            Change::PersonsMerged,
            gone,
            Some(&before),
            after.as_ref(),
        )
    })
}

/// A rated game between the persons `a` and `b` (as their games count now), if any.
fn played_each_other(
    conn: &mut SqliteConnection,
    register: &Register,
    a: i32,
    b: i32,
) -> Result<Option<i32>, ServiceError> {
    let people = [register.root(a), register.root(b)];
    Ok(stored::rated_games(conn)?.into_iter().find_map(|g| {
        let sides = [
            g.south.and_then(|s| register.root(s)),
            g.north.and_then(|n| register.root(n)),
        ];
        (sides == people || sides == [people[1], people[0]]).then_some(g.id)
    }))
}

/// The hub's organiser splits `gone` back out of the person they were merged into.
pub fn split(conn: &mut SqliteConnection, actor: &Actor, gone: i32) -> Result<(), ServiceError> {
    actor.organiser()?;
    transaction(conn, |conn| {
        let p = stored::get(conn, gone)?.ok_or_else(|| ServiceError::not_found("person"))?;
        let Some(into) = p.merged_into else {
            return Err(ServiceError::Invalid(crate::said!(
                "person-never-merged",
                id = gone
            )));
        };
        stored::set_merged_into(conn, gone, None)?;
        let before = serde_json::json!({"merged_into": into});
        let after = stored::get(conn, gone)?;
        audit(
            conn,
            actor,
            Change::PersonSplit,
            gone,
            Some(&before),
            after.as_ref(),
        )
    })
}

/// The players pushed to this hub, or of a rated tournament, whom no person is known for yet,
/// each with the register's suggestions (for the hub's organiser).
pub fn waiting(conn: &mut SqliteConnection, actor: &Actor) -> Result<Vec<Waiting>, ServiceError> {
    actor.organiser()?;
    let register = Register::read(conn)?;
    Ok(stored::registered_players(conn)?
        .into_iter()
        .filter(|p| p.person.is_none())
        .map(|p| {
            let wanted = Wanted {
                name: p.name.clone(),
                birth_year: p.birth_year,
                federation: p.federation.clone(),
                ..Wanted::default()
            };
            Waiting {
                suggestions: register.suggest(&wanted, 5),
                player_id: p.id,
                tournament_id: p.tournament_id,
                tournament: p.tournament,
                name: p.name,
                birth_year: p.birth_year,
                federation: p.federation,
            }
        })
        .collect())
}

/// The hub's organiser confirms who a player pushed without a person is (kept by the player's
/// name in the tournament, so that the next push, which writes the players again, keeps it).
pub fn link(
    conn: &mut SqliteConnection,
    actor: &Actor,
    player: PlayerId,
    person: i32,
) -> Result<(), ServiceError> {
    actor.organiser()?;
    transaction(conn, |conn| {
        let p = stored::registered_players(conn)?
            .into_iter()
            .find(|p| p.id == player.get())
            .ok_or_else(|| ServiceError::not_found("player"))?;
        let register = Register::read(conn)?;
        let Some(root) = register.root(person) else {
            return Err(ServiceError::not_found("person"));
        };
        if let Some(known) = p.person {
            return Err(ServiceError::Conflict(crate::said!(
                "player-already-has-person",
                name = &p.name,
                id = known
            )));
        }
        let tournament = TournamentId(p.tournament_id);
        stored::link(conn, tournament, &p.name, root, Utc::now().naive_utc())?;
        Audit {
            actor,
            action: Change::PlayerLinked,
            tournament_id: None,
            entity: "player",
            entity_id: Some(p.id),
        }
        .record(
            conn,
            None::<&()>,
            Some(
                &serde_json::json!({"tournament": p.tournament_id, "name": p.name, "person": root}),
            ),
        )
    })
}

/// The hub's organiser marks a tournament rated (its played games count), or not.
pub fn set_rated(
    conn: &mut SqliteConnection,
    actor: &Actor,
    tournament: TournamentId,
    rated: bool,
) -> Result<(), ServiceError> {
    actor.organiser()?;
    crate::db::queries::get_tournament(conn, tournament)
        .map_err(|_| ServiceError::not_found("tournament"))?;
    transaction(conn, |conn| {
        if !stored::set_rated(conn, tournament, rated, Utc::now().naive_utc())? {
            return Ok(());
        }
        // Kept apart from the tournament's own trail, which a venue's next push writes again.
        Audit {
            actor,
            action: if rated {
                Change::TournamentRated
            } else {
                Change::TournamentUnrated
            },
            tournament_id: None,
            entity: "tournament",
            entity_id: Some(tournament.get()),
        }
        .record(
            conn,
            None::<&()>,
            Some(&serde_json::json!({"rated": rated})),
        )
    })
}

pub fn is_rated(
    conn: &mut SqliteConnection,
    tournament: TournamentId,
) -> Result<bool, ServiceError> {
    Ok(stored::is_rated(conn, tournament)?)
}

/// The register as a file, whole, with each person's rating and RD on the list (as this hub
/// computes it, or as the register imported here gave it), for a venue to import before its
/// event (staff: it holds birth years and licence numbers).
pub fn register_file(conn: &mut SqliteConnection, actor: &Actor) -> Result<String, ServiceError> {
    // The staff, or the command line on the server's machine.
    if !matches!(actor, Actor::CommandLine) {
        actor.staff()?;
    }
    let rated = super::ratings::rated(conn, Utc::now().date_naive())?;
    let mut persons: Vec<&Person> = rated.persons.values().collect();
    persons.sort_by_key(|p| p.id);
    let rows: Vec<PersonRow> = persons
        .into_iter()
        .map(|p| {
            let listed = rated.season.rating(p.id.into()).map(|r| r.rating);
            PersonRow {
                rating: listed.map(|r| r.rating).or(p.rating),
                rd: listed.map(|r| r.rd).or(p.rd),
                ..super::ratings::person_row(p, true)
            }
        })
        .collect();
    Ok(files::write_register(&rows))
}

/// A venue's organiser imports a hub's register: every person written with the hub's id (over
/// one of the same id); a file that is not a register changes nothing.
pub fn import_register(
    conn: &mut SqliteConnection,
    actor: &Actor,
    text: &str,
) -> Result<usize, ServiceError> {
    actor.organiser()?;
    let rows = files::read_persons(text).map_err(|e| {
        ServiceError::Invalid(crate::said!(
            "register-file-line",
            line = e.line,
            problem = problem_said(&e.what)
        ))
    })?;
    let ids: std::collections::HashSet<i64> = rows.iter().map(|r| r.id).collect();
    for (i, row) in rows.iter().enumerate() {
        let input = PersonInput {
            name: row.name.clone(),
            birth_year: row.birth_year,
            gender: row.gender.clone(),
            federation: row.federation.clone(),
            club: row.club.clone(),
            licence: row.licence.clone(),
        };
        let bad = |problem| {
            ServiceError::Invalid(crate::said!("register-file-person", line = i + 2, problem))
        };
        check_details(&input).map_err(|e| match e.said() {
            Some(said) => bad(said.clone()),
            None => e,
        })?;
        if row.id > i64::from(i32::MAX) || row.merged_into.is_some_and(|m| !ids.contains(&m)) {
            return Err(bad(crate::said!("register-file-unknown-id")));
        }
    }
    transaction(conn, |conn| {
        let at = Utc::now().naive_utc();
        for row in &rows {
            let key = name_key(&row.name);
            stored::put(
                conn,
                &NewPerson {
                    id: Some(row.id as i32),
                    name: &row.name,
                    name_key: &key,
                    birth_year: row.birth_year.map(|y| y as i32),
                    gender: &row.gender,
                    federation: &row.federation,
                    club: &row.club,
                    licence: &row.licence,
                    merged_into: row.merged_into.map(|m| m as i32),
                    created_at: at,
                    rating: row.rating,
                    rd: row.rd,
                },
            )?;
        }
        Audit {
            actor,
            action: Change::RegisterImported,
            tournament_id: None,
            entity: "register",
            entity_id: None,
        }
        .record(
            conn,
            None::<&()>,
            Some(&serde_json::json!({"persons": rows.len()})),
        )?;
        Ok(rows.len())
    })
}

/// A line of a register file that does not read, as facts.
fn problem_said(problem: &Problem) -> Said {
    match problem {
        Problem::Header(header) => crate::said!("register-file-header", header = *header),
        Problem::Fields => crate::said!("register-file-fields"),
        Problem::Field(column) => crate::said!("register-file-field", column = *column),
        Problem::Twice => crate::said!("register-file-twice"),
        Problem::NotText | Problem::DateOutsidePeriod | Problem::SamePerson => {
            crate::said!("register-file-not-text")
        }
    }
}

/// What the register's page shows its organisers.
pub struct RegisterView {
    pub persons: Vec<Person>,
    pub waiting: Vec<Waiting>,
    pub tournaments: Vec<stored::TournamentMark>,
}

pub fn view(conn: &mut SqliteConnection, actor: &Actor) -> Result<RegisterView, ServiceError> {
    Ok(RegisterView {
        waiting: waiting(conn, actor)?,
        persons: stored::all(conn)?,
        tournaments: stored::tournament_marks(conn)?,
    })
}

/// The staff who run a tournament take its players' ratings from the register, before its
/// first round is paired (so that its seeding and pairing numbers follow them): each player
/// with a register number gets their person's rating on the list, rounded (as this hub computes
/// it, or as the register imported here gave it); the others keep theirs. How many changed.
pub fn take_ratings(
    conn: &mut SqliteConnection,
    actor: &Actor,
    tournament: TournamentId,
) -> Result<usize, ServiceError> {
    use crate::db::models::PlayerChanges;
    use crate::db::queries;
    actor.check_runs(conn, tournament)?;
    transaction(conn, |conn| {
        if !queries::list_rounds(conn, tournament)?.is_empty() {
            return Err(ServiceError::Conflict(crate::said!(
                "ratings-taken-before-pairing"
            )));
        }
        let rated = super::ratings::rated(conn, Utc::now().date_naive())?;
        let mut changed = Vec::new();
        for p in queries::list_players(conn, tournament)? {
            let Some(person) = p
                .register_id
                .and_then(|id| super::ratings::root(&rated.persons, id))
            else {
                continue;
            };
            let listed = rated.season.rating(person.into()).map(|r| r.rating.rating);
            let imported = rated.persons.get(&person).and_then(|p| p.rating);
            let Some(rating) = listed.or(imported).map(|r| r.round() as i32) else {
                continue;
            };
            if p.rating == Some(rating) {
                continue;
            }
            let mut changes = PlayerChanges::from(&p.details());
            changes.rating = Some(rating);
            queries::update_player(conn, p.id, &changes)?;
            changed.push(serde_json::json!({
                "player": p.id, "name": p.name, "from": p.rating, "rating": rating,
            }));
        }
        if !changed.is_empty() {
            Audit {
                actor,
                action: Change::RatingsTaken,
                tournament_id: Some(tournament),
                entity: "tournament",
                entity_id: Some(tournament.get()),
            }
            .record(
                conn,
                None::<&()>,
                Some(&serde_json::json!({ "players": changed })),
            )?;
        }
        Ok(changed.len())
    })
}
