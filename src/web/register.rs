//! The register's page, for a hub's organisers: the players waiting for a person (a page at a
//! time, each with the register's suggestions, a search and "add as a new person"), the persons
//! likely entered twice, a merge confirmed with both persons named and undone in one click, the
//! tournaments marked rated with the list their games count in, the register's file; every
//! action answered on the page with the persons it named (`service::register`,
//! `service::register_page`).

use actix_multipart::form::{MultipartForm, bytes::Bytes as UploadBytes, text::Text};
use actix_web::http::StatusCode;
use actix_web::{HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

use super::error::PageError;
use super::pages::{Nav, render, see_other};
use super::plumbing::access::{CheckedForm, CheckedUpload, Organiser, Staff};
use crate::service::register::{self as service, HeldCopy, PersonInput};
use crate::service::register_page::{self as page, Asked, Brief, Mark, RegisterView};
use crate::service::{Actor, ServiceError};
use crate::tournament::register::{Doubt, Why};
use crate::tournament::{PlayerId, TournamentId};
use crate::web::language::Visitor;
use crate::web::plumbing::routes::Routes;
use crate::web::state::AppState;

crate::csrf_in_field!(
    PersonForm,
    MergeForm,
    LinkForm,
    RatedForm,
    CsrfForm,
    RegisterUpload
);

/// What the last action did, with the persons and tournament it named.
enum Done {
    Added(Brief),
    Merged { keep: Brief, gone: Brief },
    Split(Brief),
    Linked { player: String, person: Brief },
    Rated(Mark),
    Unrated(Mark),
    Imported(usize),
}

#[derive(Template, WebTemplate)]
#[template(path = "ratings/register.html")]
struct RegisterPage {
    nav: Nav,
    view: RegisterView,
    done: Option<Done>,
    problem: Option<String>,
    /// What was typed in "Add a person" when it was refused, to be corrected.
    typed: PersonForm,
}

impl RegisterPage {
    /// Why a waiting player's number is not taken, in the reader's words.
    fn doubt(&self, w: &page::Waiting) -> Option<String> {
        let nav = &self.nav;
        Some(match w.doubt.as_ref()? {
            Doubt::Unknown { number } => nav.t1("register-doubt-unknown", "number", *number),
            Doubt::Differs {
                number,
                name,
                birth_year,
                federation,
            } => {
                let what: Vec<String> = [
                    (*name, "register-doubt-name"),
                    (*birth_year, "register-doubt-birth-year"),
                    (*federation, "register-doubt-federation"),
                ]
                .into_iter()
                .filter(|(differs, _)| *differs)
                .map(|(_, key)| nav.t(key))
                .collect();
                nav.t3(
                    "register-doubt-differs",
                    "number",
                    *number,
                    "name",
                    w.numbered.as_deref().unwrap_or(""),
                    "what",
                    what.join(", "),
                )
            }
        })
    }

    fn why_key(&self, why: &Why) -> &'static str {
        match why {
            Why::Id => "register-why-id",
            Why::Licence => "register-why-licence",
            Why::NameAndBirthYear => "register-why-name-and-birth-year",
            Why::Name => "register-why-name",
            Why::NameWithTypo => "register-why-name-with-typo",
            Why::NameOtherBirthYear => "register-why-name-other-birth-year",
        }
    }

    /// "#17 Ekow Quaye (2001, GHA)".
    fn brief(&self, b: &Brief) -> String {
        brief_text(&self.nav, b)
    }

    /// The rating list's month rule for a tournament's last month: "Games of December 2026
    /// count in the list of 1 January 2027."
    fn counts_in(&self, month: &chrono::NaiveDate) -> String {
        crate::wording::months::counts_in(self.nav.lang, *month)
    }

    /// A day as the pages write it: "1 January 2027".
    fn day(&self, day: &chrono::NaiveDate) -> String {
        self.nav.lang.date(*day)
    }

    /// What a venue's register is, in the reader's words.
    fn copy_said(&self, copy: &HeldCopy) -> String {
        match copy.imported_at {
            Some(at) => self.nav.t2(
                "register-copy-imported",
                "date",
                self.day(&at.date()),
                "count",
                copy.persons,
            ),
            None => self.nav.t("register-copy-not-imported"),
        }
    }

    /// The address of the page with `key` set to `value`, keeping the rest of what was asked.
    fn with(&self, key: &str, value: usize) -> String {
        let v = &self.view;
        let mut pairs: Vec<(String, String)> = vec![
            ("page".into(), v.page.to_string()),
            ("waiting_page".into(), v.waiting_page.to_string()),
        ];
        if !v.q.is_empty() {
            pairs.push(("q".into(), v.q.clone()));
        }
        for p in pairs.iter_mut().filter(|p| p.0 == key) {
            p.1 = value.to_string();
        }
        format!(
            "/register?{}",
            serde_urlencoded::to_string(&pairs).unwrap_or_default()
        )
    }
}

/// "#17 Ekow Quaye (2001, GHA)": a person as the register's pages name them.
fn brief_text(nav: &Nav, b: &Brief) -> String {
    let mut details: Vec<String> = Vec::new();
    if let Some(y) = b.birth_year {
        details.push(y.to_string());
    }
    if !b.federation.is_empty() {
        details.push(b.federation.clone());
    }
    if details.is_empty() {
        nav.t2("register-brief", "id", b.id, "name", b.name.as_str())
    } else {
        nav.t3(
            "register-brief-details",
            "id",
            b.id,
            "name",
            b.name.as_str(),
            "details",
            details.join(", "),
        )
    }
}

/// The page's address query: what was asked (the fields of [`Asked`], written out: a query's
/// numbers are not read inside a flattened part), and what was just done.
#[derive(Deserialize)]
struct Query {
    #[serde(default)]
    page: Option<usize>,
    #[serde(default)]
    q: String,
    #[serde(default)]
    waiting_page: Option<usize>,
    #[serde(default)]
    find: Option<i32>,
    #[serde(default)]
    find_name: String,
    #[serde(default)]
    done: Option<String>,
    #[serde(default)]
    person: Option<i32>,
    #[serde(default)]
    keep: Option<i32>,
    #[serde(default)]
    gone: Option<i32>,
    #[serde(default)]
    player_name: String,
    #[serde(default)]
    tournament: Option<i32>,
    #[serde(default)]
    count: Option<usize>,
}

async fn register_view(
    state: &AppState,
    actor: Actor,
    asked: Asked,
) -> Result<RegisterView, ServiceError> {
    let register = state.service.register.searchable().await?;
    state
        .db(move |conn| page::view(conn, &actor, &register, &asked))
        .await
}

/// What the query says was done, with the persons it named as they are now.
async fn done_of(state: &AppState, actor: Actor, q: &Query) -> Result<Option<Done>, ServiceError> {
    let ids: Vec<i32> = [q.person, q.keep, q.gone].into_iter().flatten().collect();
    let tournament = q.tournament;
    let (briefs, mark) = state
        .db(move |conn| {
            let briefs = page::briefs(conn, &actor, &ids)?;
            let mark = match tournament {
                Some(t) => page::mark(conn, &actor, t)?,
                None => None,
            };
            Ok((briefs, mark))
        })
        .await?;
    let find = |id: Option<i32>| id.and_then(|id| briefs.iter().find(|b| b.id == id).cloned());
    Ok(match q.done.as_deref() {
        Some("added") => find(q.person).map(Done::Added),
        Some("merged") => find(q.keep)
            .zip(find(q.gone))
            .map(|(keep, gone)| Done::Merged { keep, gone }),
        Some("split") => find(q.person).map(Done::Split),
        Some("linked") => find(q.person).map(|person| Done::Linked {
            player: q.player_name.clone(),
            person,
        }),
        Some("rated") => mark.map(Done::Rated),
        Some("unrated") => mark.map(Done::Unrated),
        Some("imported") => q.count.map(Done::Imported),
        _ => None,
    })
}

async fn register_page(
    Organiser(actor): Organiser,
    state: web::Data<AppState>,
    session: Visitor,
    query: web::Query<Query>,
) -> Result<RegisterPage, PageError> {
    let q = query.into_inner();
    let done = done_of(&state, actor.clone(), &q).await?;
    let asked = Asked {
        page: q.page,
        q: q.q.clone(),
        waiting_page: q.waiting_page,
        find: q.find,
        find_name: q.find_name.clone(),
    };
    let view = register_view(&state, actor, asked).await?;
    Ok(RegisterPage {
        nav: Nav::with_form(&session),
        view,
        done,
        problem: None,
        typed: PersonForm::default(),
    })
}

/// A refused action: the page again with the refusal (422, 404 or 409), what was typed kept.
async fn refused(
    state: &AppState,
    session: &Visitor,
    actor: Actor,
    e: ServiceError,
    typed: PersonForm,
) -> Result<HttpResponse, PageError> {
    let status = match &e {
        ServiceError::Invalid(_) => StatusCode::UNPROCESSABLE_ENTITY,
        ServiceError::NotFound(_) => StatusCode::NOT_FOUND,
        ServiceError::Conflict(_) => StatusCode::CONFLICT,
        _ => return Err(e.into()),
    };
    let problem = e
        .said()
        .map(|s| crate::wording::refusals::said(session.lang, s));
    let view = register_view(state, actor, Asked::default()).await?;
    let page = RegisterPage {
        nav: Nav::with_form(session),
        view,
        done: None,
        problem,
        typed,
    };
    Ok(render(status, &page)?)
}

/// Back to the page, saying what was done.
fn answered(pairs: &[(&str, String)]) -> HttpResponse {
    see_other(&format!(
        "/register?{}#done",
        serde_urlencoded::to_string(pairs).unwrap_or_default()
    ))
}

#[derive(Clone, Default, Deserialize)]
struct PersonForm {
    csrf: String,
    name: String,
    #[serde(default)]
    birth_year: String,
    #[serde(default)]
    gender: String,
    #[serde(default)]
    federation: String,
    #[serde(default)]
    club: String,
    #[serde(default)]
    licence: String,
}

fn whole(text: &str, what: &'static str) -> Result<Option<i64>, ServiceError> {
    match text.trim() {
        "" => Ok(None),
        t => t
            .parse()
            .map(Some)
            .map_err(|_| ServiceError::Invalid(crate::said!("not-whole-number", what, text = t))),
    }
}

fn id_of(id: i64) -> Result<i32, ServiceError> {
    i32::try_from(id).map_err(|_| ServiceError::not_found("person"))
}

async fn add_person(
    Organiser(actor): Organiser,
    state: web::Data<AppState>,
    session: Visitor,
    CheckedForm(form): CheckedForm<PersonForm>,
) -> Result<HttpResponse, PageError> {
    let by = actor.clone();
    let typed = form.clone();
    let done = match whole(&form.birth_year, "birth year") {
        Ok(birth_year) => {
            let input = PersonInput {
                name: form.name,
                birth_year,
                gender: form.gender,
                federation: form.federation,
                club: form.club,
                licence: form.licence,
            };
            state
                .write(move |conn| service::add(conn, &by, &input))
                .await
        }
        Err(e) => Err(e),
    };
    match done {
        Ok(p) => Ok(answered(&[
            ("done", "added".into()),
            ("person", p.id.to_string()),
        ])),
        Err(e) => refused(&state, &session, actor, e, typed).await,
    }
}

#[derive(Deserialize)]
struct MergeForm {
    csrf: String,
    keep: String,
    gone: String,
    /// Sent from the confirmation, where both persons are named.
    #[serde(default)]
    confirm: Option<String>,
}

#[derive(Template, WebTemplate)]
#[template(path = "ratings/merge.html")]
struct MergePage {
    nav: Nav,
    keep: Brief,
    gone: Brief,
    keep_text: String,
    gone_text: String,
}

impl MergePage {
    /// The person merged, then the one kept.
    fn both(&self) -> Vec<Brief> {
        vec![self.gone.clone(), self.keep.clone()]
    }
}

/// Merging two persons: first the confirmation, both named; then the merge itself.
async fn merge(
    Organiser(actor): Organiser,
    state: web::Data<AppState>,
    session: Visitor,
    CheckedForm(form): CheckedForm<MergeForm>,
) -> Result<HttpResponse, PageError> {
    let ids = whole(&form.keep, "person").and_then(|k| Ok((k, whole(&form.gone, "person")?)));
    let (keep, gone) = match ids {
        Ok((Some(keep), Some(gone))) => (id_of(keep)?, id_of(gone)?),
        Ok(_) => {
            let e = ServiceError::not_found("person");
            return refused(&state, &session, actor, e, PersonForm::default()).await;
        }
        Err(e) => return refused(&state, &session, actor, e, PersonForm::default()).await,
    };
    if form.confirm.is_some() {
        let by = actor.clone();
        return match state
            .write(move |conn| service::merge(conn, &by, keep, gone))
            .await
        {
            Ok(()) => Ok(answered(&[
                ("done", "merged".into()),
                ("keep", keep.to_string()),
                ("gone", gone.to_string()),
            ])),
            Err(e) => refused(&state, &session, actor, e, PersonForm::default()).await,
        };
    }
    let by = actor.clone();
    let checked = state
        .db(move |conn| {
            service::check_merge(conn, &by, keep, gone)?;
            page::briefs(conn, &by, &[keep, gone])
        })
        .await;
    match checked {
        Ok(briefs) if briefs.len() == 2 => {
            let nav = Nav::with_form(&session);
            let (keep, gone) = (briefs[0].clone(), briefs[1].clone());
            Ok(render(
                StatusCode::OK,
                &MergePage {
                    keep_text: brief_text(&nav, &keep),
                    gone_text: brief_text(&nav, &gone),
                    nav,
                    keep,
                    gone,
                },
            )?)
        }
        Ok(_) => {
            let e = ServiceError::not_found("person");
            refused(&state, &session, actor, e, PersonForm::default()).await
        }
        Err(e) => refused(&state, &session, actor, e, PersonForm::default()).await,
    }
}

#[derive(Deserialize)]
struct CsrfForm {
    csrf: String,
}

async fn split(
    Organiser(actor): Organiser,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<i32>,
    CheckedForm(_): CheckedForm<CsrfForm>,
) -> Result<HttpResponse, PageError> {
    let (by, gone) = (actor.clone(), path.into_inner());
    match state
        .write(move |conn| service::split(conn, &by, gone))
        .await
    {
        Ok(()) => Ok(answered(&[
            ("done", "split".into()),
            ("person", gone.to_string()),
        ])),
        Err(e) => refused(&state, &session, actor, e, PersonForm::default()).await,
    }
}

#[derive(Deserialize)]
struct LinkForm {
    csrf: String,
    player: i32,
    #[serde(default)]
    player_name: String,
    /// The suggestion chosen.
    #[serde(default)]
    person: String,
    /// A register number typed instead.
    #[serde(default)]
    number: String,
    /// "Add as a new person", from the player's own details.
    #[serde(default)]
    new: Option<String>,
}

async fn link(
    Organiser(actor): Organiser,
    state: web::Data<AppState>,
    session: Visitor,
    CheckedForm(form): CheckedForm<LinkForm>,
) -> Result<HttpResponse, PageError> {
    let by = actor.clone();
    let player = PlayerId(form.player);
    let chosen = if form.number.trim().is_empty() {
        whole(&form.person, "person")
    } else {
        whole(&form.number, "register number")
    };
    let done = if form.new.is_some() {
        state
            .write(move |conn| service::add_from_player(conn, &by, player))
            .await
    } else {
        match chosen {
            Ok(Some(person)) => match id_of(person) {
                Ok(person) => {
                    state
                        .write(move |conn| {
                            service::link(conn, &by, player, person).map(|()| person)
                        })
                        .await
                }
                Err(e) => Err(e),
            },
            Ok(None) => Err(ServiceError::Invalid(crate::said!(
                "register-choose-person"
            ))),
            Err(e) => Err(e),
        }
    };
    match done {
        Ok(person) => Ok(answered(&[
            ("done", "linked".into()),
            ("person", person.to_string()),
            ("player_name", form.player_name),
        ])),
        Err(e) => refused(&state, &session, actor, e, PersonForm::default()).await,
    }
}

#[derive(Deserialize)]
struct RatedForm {
    csrf: String,
    rated: bool,
}

async fn set_rated(
    Organiser(actor): Organiser,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<TournamentId>,
    CheckedForm(form): CheckedForm<RatedForm>,
) -> Result<HttpResponse, PageError> {
    let (by, id) = (actor.clone(), path.into_inner());
    match state
        .write(move |conn| service::set_rated(conn, &by, id, form.rated))
        .await
    {
        Ok(()) => Ok(answered(&[
            ("done", if form.rated { "rated" } else { "unrated" }.into()),
            ("tournament", id.get().to_string()),
        ])),
        Err(e) => refused(&state, &session, actor, e, PersonForm::default()).await,
    }
}

#[derive(MultipartForm)]
struct RegisterUpload {
    #[multipart(limit = "8MB")]
    file: UploadBytes,
    csrf: Text<String>,
}

async fn import(
    Organiser(actor): Organiser,
    state: web::Data<AppState>,
    session: Visitor,
    CheckedUpload(upload): CheckedUpload<RegisterUpload>,
) -> Result<HttpResponse, PageError> {
    let by = actor.clone();
    let done = match String::from_utf8(upload.file.data.to_vec()) {
        Ok(text) => {
            state
                .write(move |conn| service::import_register(conn, &by, &text))
                .await
        }
        Err(_) => Err(ServiceError::Invalid(crate::said!(
            "register-file-not-text"
        ))),
    };
    match done {
        Ok(n) => Ok(answered(&[
            ("done", "imported".into()),
            ("count", n.to_string()),
        ])),
        Err(e) => refused(&state, &session, actor, e, PersonForm::default()).await,
    }
}

async fn register_file(
    Staff(actor): Staff,
    state: web::Data<AppState>,
) -> Result<HttpResponse, PageError> {
    let text = state
        .db(move |conn| service::register_file(conn, &actor))
        .await?;
    Ok(super::attachment(
        "text/csv; charset=utf-8",
        "register.csv",
        text,
    ))
}

pub fn page_routes(cfg: &mut Routes) {
    cfg.route("/register", web::get().to(register_page))
        .route("/register/persons", web::post().to(add_person))
        .route("/register/merge", web::post().to(merge))
        .route("/register/persons/{id}/split", web::post().to(split))
        .route("/register/link", web::post().to(link))
        .route(
            "/register/tournaments/{id}/rated",
            web::post().to(set_rated),
        )
        .route("/register/import", web::post().to(import))
        .route("/register/register.csv", web::get().to(register_file));
}
