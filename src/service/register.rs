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
use crate::tournament::register::{Candidate, Index, MOST_NAME_CHARS, Why, name_key};
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
    /// The person's club and gender, for a form that chooses them to fill in.
    pub club: String,
    pub gender: String,
    pub why: Why,
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
}

/// The register ready to be searched: the index of its persons not merged into another, and
/// each one's details for the suggestions, built once per version of the register (when a
/// person changes, not at every write).
pub struct Searchable {
    index: Index,
    details: HashMap<i32, Person>,
}

impl Searchable {
    fn build(persons: Vec<Person>) -> Searchable {
        let live: Vec<Person> = persons
            .into_iter()
            .filter(|p| p.merged_into.is_none())
            .collect();
        let index = Index::new(
            live.iter()
                .map(|p| Candidate {
                    id: p.id,
                    name: p.name.clone(),
                    birth_year: p.birth_year,
                    federation: p.federation.clone(),
                    licence: p.licence.clone(),
                })
                .collect(),
        );
        let details = live.into_iter().map(|p| (p.id, p)).collect();
        Searchable { index, details }
    }

    /// How many persons it holds.
    pub fn len(&self) -> usize {
        self.index.len()
    }

    pub fn is_empty(&self) -> bool {
        self.index.is_empty()
    }

    /// Pairs of persons likely to be one person entered twice (see `Index::duplicates`).
    pub fn duplicates(&self, most: usize) -> Vec<(i32, i32)> {
        self.index.duplicates(most)
    }

    /// The persons suggested for `wanted`, at most `most`, best first.
    pub fn suggest(&self, wanted: &Wanted, most: usize) -> Vec<SuggestionView> {
        self.index
            .suggest(wanted, most)
            .into_iter()
            .filter_map(|s| {
                let p = self.details.get(&s.id)?;
                Some(SuggestionView {
                    id: s.id,
                    name: p.name.clone(),
                    birth_year: p.birth_year,
                    federation: p.federation.clone(),
                    club: p.club.clone(),
                    gender: p.gender.clone(),
                    why: s.why,
                })
            })
            .collect()
    }
}

/// The register's search as last built, with the register's version it was built at; the
/// lock is held while one is built, so that a burst of searches after a change builds it once.
pub struct Search {
    db: super::Connections,
    held: tokio::sync::Mutex<Option<(i32, std::sync::Arc<Searchable>)>>,
    lane: super::lane::Lane,
}

impl Search {
    pub fn new(db: super::Connections) -> Search {
        Search {
            db,
            held: Default::default(),
            lane: Default::default(),
        }
    }

    /// The register's search, as the register is now: its version read on a connection given
    /// back at once, the index built again only when a person changed.
    pub async fn searchable(&self) -> Result<std::sync::Arc<Searchable>, ServiceError> {
        let version = self.db.read(|conn| Ok(stored::version(conn)?)).await?;
        let mut held = self.held.lock().await;
        if let Some((v, s)) = held.as_ref()
            && *v == version
        {
            return Ok(s.clone());
        }
        let persons = self.db.read(|conn| Ok(stored::all(conn)?)).await?;
        let lane = &self.lane;
        let built = std::sync::Arc::new(lane.run(move || Searchable::build(persons)).await?);
        *held = Some((version, built.clone()));
        Ok(built)
    }

    /// The persons the register suggests for what was typed (staff only: birth years are
    /// shown). A name longer than the register compares is refused; the search runs in its
    /// turn on the register's own thread ([`Lane`]), holding no connection.
    pub async fn suggest(
        &self,
        actor: Actor,
        wanted: Wanted,
    ) -> Result<Vec<SuggestionView>, ServiceError> {
        actor.staff()?;
        if wanted.name.chars().count() > MOST_NAME_CHARS {
            return Err(ServiceError::Invalid(crate::said!(
                "person-name-at-most",
                most = MOST_NAME_CHARS
            )));
        }
        let searchable = self.searchable().await?;
        self.lane.run(move || searchable.suggest(&wanted, 10)).await
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

/// A venue's copy of a hub's register: when it was imported (never, at a venue that publishes
/// to a hub without having imported it) and how many persons it holds.
#[derive(Clone, Debug, Serialize)]
pub struct HeldCopy {
    pub imported_at: Option<chrono::NaiveDateTime>,
    pub persons: usize,
}

/// The copy of a hub's register this service holds, when it is a venue (it imported a hub's
/// register, or publishes to a hub); `None` on a hub, whose register is its own.
pub fn held_copy(conn: &mut SqliteConnection) -> Result<Option<HeldCopy>, ServiceError> {
    if let Some((at, persons)) = stored::copy(conn)? {
        return Ok(Some(HeldCopy {
            imported_at: Some(at),
            persons: usize::try_from(persons).unwrap_or(0),
        }));
    }
    if stored::publishes_to_a_hub(conn)? {
        return Ok(Some(HeldCopy {
            imported_at: None,
            persons: stored::all(conn)?.len(),
        }));
    }
    Ok(None)
}

/// Refused at a venue: the hub owns the numbers, the merges and the ratings.
fn on_the_hub(conn: &mut SqliteConnection) -> Result<(), ServiceError> {
    match held_copy(conn)? {
        Some(_) => Err(ServiceError::Conflict(crate::said!("register-held-copy"))),
        None => Ok(()),
    }
}

/// The hub's organiser adds a person to the register.
pub fn add(
    conn: &mut SqliteConnection,
    actor: &Actor,
    input: &PersonInput,
) -> Result<Person, ServiceError> {
    actor.organiser()?;
    on_the_hub(conn)?;
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
            Change::PersonAdded { person: person.id },
            None,
            Some(&person),
        )?;
        Ok(person)
    })
}

fn audit(
    conn: &mut SqliteConnection,
    actor: &Actor,
    change: Change,
    before: Option<&serde_json::Value>,
    after: Option<&Person>,
) -> Result<(), ServiceError> {
    Audit {
        actor,
        change,
        tournament_id: None,
    }
    .record(conn, before, after)
}

/// Whether `gone` may be merged into `keep` (the hub's organiser): two persons, both of them
/// there and not merged already, who never played each other.
pub fn check_merge(
    conn: &mut SqliteConnection,
    actor: &Actor,
    keep: i32,
    gone: i32,
) -> Result<(), ServiceError> {
    actor.organiser()?;
    on_the_hub(conn)?;
    if keep == gone {
        return Err(ServiceError::Invalid(crate::said!(
            "merge-person-with-themselves"
        )));
    }
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
    Ok(())
}

/// The hub's organiser merges `gone` into `keep`: `gone`'s games count for `keep` from now on,
/// and `gone` keeps their id, so that a split gives both their own histories back.
pub fn merge(
    conn: &mut SqliteConnection,
    actor: &Actor,
    keep: i32,
    gone: i32,
) -> Result<(), ServiceError> {
    transaction(conn, |conn| {
        check_merge(conn, actor, keep, gone)?;
        stored::set_merged_into(conn, gone, Some(keep))?;
        let before = serde_json::json!({"merged_into": null});
        let after = stored::get(conn, gone)?;
        audit(
            conn,
            actor,
            Change::PersonsMerged { person: gone },
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
    Ok(super::claims::played(conn)?.into_iter().find_map(|g| {
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
    on_the_hub(conn)?;
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
            Change::PersonSplit { person: gone },
            Some(&before),
            after.as_ref(),
        )
    })
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
    on_the_hub(conn)?;
    transaction(conn, |conn| {
        let p = super::claims::registered(conn)?
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
            change: Change::PlayerLinked {
                pushed_player: p.id,
            },
            tournament_id: None,
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

/// The hub's organiser adds a waiting player to the register as a new person, from the
/// player's own details (name, birth year, gender, federation, club), and links them: the
/// person's number.
pub fn add_from_player(
    conn: &mut SqliteConnection,
    actor: &Actor,
    player: PlayerId,
) -> Result<i32, ServiceError> {
    actor.organiser()?;
    let p = super::claims::registered(conn)?
        .into_iter()
        .find(|p| p.id == player.get())
        .ok_or_else(|| ServiceError::not_found("player"))?;
    if let Some(known) = p.person {
        return Err(ServiceError::Conflict(crate::said!(
            "player-already-has-person",
            name = &p.name,
            id = known
        )));
    }
    let input = PersonInput {
        name: p.name.clone(),
        birth_year: p.birth_year.map(i64::from),
        gender: p.gender.clone(),
        federation: p.federation.clone(),
        club: p.club.clone(),
        licence: String::new(),
    };
    transaction(conn, |conn| {
        let person = add(conn, actor, &input)?;
        link(conn, actor, player, person.id)?;
        Ok(person.id)
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
    on_the_hub(conn)?;
    crate::db::queries::get_tournament(conn, tournament)
        .map_err(|_| ServiceError::not_found("tournament"))?;
    transaction(conn, |conn| {
        if !stored::set_rated(conn, tournament, rated, Utc::now().naive_utc())? {
            return Ok(());
        }
        // Kept apart from the tournament's own trail, which a venue's next push writes again.
        Audit {
            actor,
            change: if rated {
                Change::TournamentRated { tournament }
            } else {
                Change::TournamentUnrated { tournament }
            },
            tournament_id: None,
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
        if row.merged_into == Some(row.id) {
            return Err(bad(crate::said!("register-file-merged-into-itself")));
        }
    }
    // A person merged into another merged back into them, or round a longer circle: no one
    // would be left to count their games for.
    let into: std::collections::HashMap<i64, i64> = rows
        .iter()
        .filter_map(|r| r.merged_into.map(|m| (r.id, m)))
        .collect();
    for (i, row) in rows.iter().enumerate() {
        let mut seen = std::collections::HashSet::from([row.id]);
        let mut at = row.id;
        while let Some(&next) = into.get(&at) {
            if !seen.insert(next) {
                return Err(ServiceError::Invalid(crate::said!(
                    "register-file-person",
                    line = i + 2,
                    problem = crate::said!("register-file-merge-circle")
                )));
            }
            at = next;
        }
    }
    transaction(conn, |conn| {
        let at = Utc::now().naive_utc();
        // Every person first, then who is merged into whom: a lower number merged into a higher
        // one is written before the person it points to.
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
                    merged_into: None,
                    created_at: at,
                    rating: row.rating,
                    rd: row.rd,
                },
            )?;
        }
        for row in rows.iter().filter(|r| r.merged_into.is_some()) {
            stored::set_merged_into(conn, row.id as i32, row.merged_into.map(|m| m as i32))?;
        }
        // From now on the numbers are the hub's: none is made here.
        stored::set_copy(conn, at, i32::try_from(rows.len()).unwrap_or(i32::MAX))?;
        Audit {
            actor,
            change: Change::RegisterImported,
            tournament_id: None,
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

/// A player's rating as the register would give it: their local rating and the list's.
#[derive(Clone, Debug, Serialize)]
pub struct RatingToTake {
    pub player_id: i32,
    pub name: String,
    pub person: i32,
    /// The rating the player has in this tournament now, if any.
    pub from: Option<i32>,
    /// Their person's rating on the list, rounded.
    pub rating: i32,
    /// The list's rating is provisional (its deviation above the list's bound).
    pub provisional: bool,
}

/// What taking the players' ratings from the register would change, for the staff to see before
/// they confirm: each player with a register number whose person's rating on the list (as this
/// hub computes it, or as the register imported here gave it) differs from theirs.
pub fn ratings_to_take(
    conn: &mut SqliteConnection,
    actor: &Actor,
    tournament: TournamentId,
) -> Result<Vec<RatingToTake>, ServiceError> {
    use crate::db::queries;
    use crate::rating::glicko2::Rating;
    actor.check_runs(conn, tournament)?;
    let rated = super::ratings::rated(conn, Utc::now().date_naive())?;
    let mut out = Vec::new();
    for p in queries::list_players(conn, tournament)? {
        let Some(person) = p
            .register_id
            .and_then(|id| super::ratings::root(&rated.persons, id))
        else {
            continue;
        };
        let listed = rated.season.rating(person.into()).map(|r| r.rating);
        let imported = rated.persons.get(&person).and_then(|p| {
            Some(Rating {
                rating: p.rating?,
                rd: p.rd.unwrap_or(Rating::START.rd),
                ..Rating::START
            })
        });
        let Some(on_list) = listed.or(imported) else {
            continue;
        };
        let rating = on_list.rating.round() as i32;
        if p.rating == Some(rating) {
            continue;
        }
        out.push(RatingToTake {
            player_id: p.id.get(),
            name: p.name.clone(),
            person,
            from: p.rating,
            rating,
            provisional: on_list.provisional(),
        });
    }
    Ok(out)
}

/// The staff who run a tournament take its players' ratings from the register, before its
/// first round is paired (so that its seeding and pairing numbers follow them): each player
/// [`ratings_to_take`] names gets their person's rating on the list; the others keep theirs.
/// How many changed.
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
        let mut changed = Vec::new();
        for take in ratings_to_take(conn, actor, tournament)? {
            let p = queries::get_player(conn, tournament, PlayerId(take.player_id))?;
            let mut changes = PlayerChanges::from(&p.details());
            changes.rating = Some(take.rating);
            queries::update_player(conn, p.id, &changes)?;
            changed.push(serde_json::json!({
                "player": take.player_id, "name": take.name, "from": take.from,
                "rating": take.rating,
            }));
        }
        if !changed.is_empty() {
            Audit {
                actor,
                change: Change::RatingsTaken { tournament },
                tournament_id: Some(tournament),
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
