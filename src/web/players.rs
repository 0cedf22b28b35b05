//! Players of a tournament: add, edit, withdraw, PINs (shown once, on printable slips), CSV
//! import. Pages and API.

use actix_multipart::form::MultipartForm;
use actix_multipart::form::bytes::Bytes as UploadBytes;
use actix_multipart::form::text::Text;
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::{Deserialize, Serialize};

use super::error::{ApiError, Failure, PageError};
use super::pages::{CsrfOnly, Nav, render, see_other};
use super::player_form::PlayerFields;
use super::plumbing::access::{Anyone, CheckedForm, CheckedUpload, Runs, Staff};
use crate::service::auth::Owner;
use crate::service::players::{self as service, Arrival, Choices, Duplicate, PinSlip, PlayerView};
use crate::service::{Actor, ServiceError};
use crate::tournament::players::PlayerInput;
use crate::tournament::said::Said;
use crate::tournament::{ImportError, PlayerDetails, PlayerId, TournamentId, parse_player_csv};
use crate::web::language::Visitor;
use crate::web::plumbing::routes::Routes;
use crate::web::state::AppState;

crate::csrf_in_field!(ImportUpload, WithdrawForm);

/// Adds players with fresh PINs, all or none. The PINs are hashed (slow by design) away from the
/// writing connection, and only for an actor known to run the tournament: every caller's
/// handler takes [`Runs`], checked before the request's body is read.
async fn add_with_pins(
    state: &AppState,
    actor: Actor,
    tournament_id: TournamentId,
    players: Vec<PlayerDetails>,
    arrival: Arrival,
) -> Result<Vec<PinSlip>, ServiceError> {
    let pins = web::block({
        let count = players.len();
        move || service::new_pins(count)
    })
    .await?;
    let rows: Vec<(PlayerDetails, (String, String))> = players.into_iter().zip(pins).collect();
    let country = state.service.sms.country().map(str::to_string);
    state
        .write(move |conn| {
            let arrival = (arrival, country.as_deref());
            service::add(conn, &actor, tournament_id, &rows, arrival)
        })
        .await
}

/// What an import did: the players added with their PINs, or the rows whose names are
/// registered already, waiting for the controller's choice (nothing imported).
pub(super) enum Imported {
    Added(Vec<PinSlip>),
    Duplicates(Vec<Duplicate>),
}

/// Imports players, unless rows name players registered already and the controller has not
/// said for each whether to add or skip it.
pub(super) async fn import_players(
    state: &AppState,
    actor: Actor,
    tournament_id: TournamentId,
    players: Vec<PlayerDetails>,
    choices: Choices,
) -> Result<Imported, ServiceError> {
    let screened = state
        .db(move |conn| service::screen_import(conn, tournament_id, players, &choices))
        .await?;
    Ok(match screened {
        Ok(players) => Imported::Added(
            add_with_pins(state, actor, tournament_id, players, Arrival::Imported).await?,
        ),
        Err(duplicates) => Imported::Duplicates(duplicates),
    })
}

/// Withdraws a player (whose sessions end) or reinstates them.
async fn withdraw_player(
    state: &AppState,
    actor: Actor,
    (tournament_id, player_id): (TournamentId, PlayerId),
    withdrawn: bool,
) -> Result<PlayerView, ServiceError> {
    let player = state
        .write(move |conn| {
            service::set_withdrawn(conn, &actor, tournament_id, player_id, withdrawn)
        })
        .await?;
    state.sessions.forget(Owner::Player(player_id));
    Ok(player)
}

/// A new PIN for a player (hashed only for an actor known to run the tournament: the callers'
/// handlers take [`Runs`]).
async fn reset(
    state: &AppState,
    actor: Actor,
    tournament_id: TournamentId,
    player_id: PlayerId,
) -> Result<PinSlip, ServiceError> {
    let pin = web::block(|| service::new_pins(1).remove(0)).await?;
    let slip = state
        .write(move |conn| service::reset_pin(conn, &actor, tournament_id, player_id, pin))
        .await?;
    state.sessions.forget(Owner::Player(player_id));
    Ok(slip)
}

// --- pages -------------------------------------------------------------------------------------

#[derive(Template, WebTemplate)]
#[template(path = "players/pins.html")]
pub struct PinsPage {
    nav: Nav,
    /// The slips' language: the tournament's.
    slip: crate::locale::Lang,
    tournament_id: TournamentId,
    tournament_name: String,
    /// Each slip with the full address of its sign-in page and that address as a QR code.
    slips: Vec<(PinSlip, String, String)>,
    /// The address the slips print.
    site: super::qr::Site,
}

/// The answer to an import on the organisers' pages: the new tournament's PIN slips (201), or
/// the import form drawn again by `form` with what the service refused in the file.
pub async fn imported_page<P: askama::Template>(
    state: &AppState,
    req: &HttpRequest,
    session: &Visitor,
    imported: Result<(TournamentId, Vec<PinSlip>), ServiceError>,
    form: impl FnOnce(String) -> P,
) -> Result<HttpResponse, PageError> {
    match imported {
        Ok((id, pins)) => {
            let page = pins_page(state, req, session, id, pins).await?;
            Ok(render(StatusCode::CREATED, &page)?)
        }
        Err(e @ (ServiceError::Invalid(_) | ServiceError::TooLarge(_))) => Ok(render(
            super::error::service_status(&e),
            &form(crate::wording::refusals::failure(session.lang, &e)),
        )?),
        Err(e) => Err(e.into()),
    }
}

pub async fn pins_page(
    state: &AppState,
    req: &HttpRequest,
    session: &Visitor,
    tournament_id: TournamentId,
    slips: Vec<PinSlip>,
) -> Result<PinsPage, ServiceError> {
    let (tournament_name, language) = state
        .db(move |conn| {
            Ok((
                crate::service::tournaments::get(conn, tournament_id)?
                    .settings
                    .name,
                crate::service::tournaments::language(conn, tournament_id)?,
            ))
        })
        .await?;
    // Slips are printed: in the tournament's language.
    let lang = crate::locale::Lang::from_code(&language).unwrap_or_default();
    let site = super::qr::site(req, state.public_url.as_deref());
    let slips = slips
        .into_iter()
        .map(|slip| {
            // The code opens the sign-in page with the player chosen: never the PIN.
            let address = format!(
                "{}/tournaments/{tournament_id}/sign-in?player={}",
                site.url, slip.id
            );
            let code = super::qr::svg(&address, &lang.t1("qr-sign-in", "name", &slip.name))?;
            Ok((slip, address, code))
        })
        .collect::<Result<_, ServiceError>>()?;
    Ok(PinsPage {
        // The staff's instructions in the reader's language, the slips in the tournament's.
        nav: Nav::new(session),
        slip: lang,
        tournament_id,
        tournament_name,
        slips,
        site,
    })
}

#[derive(Template, WebTemplate)]
#[template(path = "players/form.html")]
struct FormPage {
    nav: Nav,
    tournament_id: TournamentId,
    /// `None` for a new player.
    player_id: Option<PlayerId>,
    f: PlayerFields,
    problem: Option<Said>,
}

impl FormPage {
    fn invalid(self) -> Result<HttpResponse, PageError> {
        Ok(super::pages::render(
            actix_web::http::StatusCode::UNPROCESSABLE_ENTITY,
            &self,
        )?)
    }
}

async fn new_page(
    _: Runs,
    session: Visitor,
    path: web::Path<TournamentId>,
) -> Result<FormPage, PageError> {
    let tournament_id = path.into_inner();
    Ok(FormPage {
        nav: Nav::new(&session),
        tournament_id,
        player_id: None,
        f: PlayerFields::default(),
        problem: None,
    })
}

async fn create(
    Runs(actor): Runs,
    req: HttpRequest,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<TournamentId>,
    CheckedForm(form): CheckedForm<PlayerFields>,
) -> Result<HttpResponse, PageError> {
    let tournament_id = path.into_inner();
    let fields = form;
    let details = match fields.parse() {
        Ok(d) => d,
        Err(problem) => {
            return FormPage {
                nav: Nav::new(&session),
                tournament_id,
                player_id: None,
                f: fields,
                problem: Some(problem),
            }
            .invalid();
        }
    };
    let slips = add_with_pins(&state, actor, tournament_id, vec![details], Arrival::Added).await?;
    let page = pins_page(&state, &req, &session, tournament_id, slips).await?;
    Ok(super::pages::render(
        actix_web::http::StatusCode::CREATED,
        &page,
    )?)
}

async fn edit_page(
    Staff(actor): Staff,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<(TournamentId, PlayerId)>,
) -> Result<FormPage, PageError> {
    let (tournament_id, player_id) = path.into_inner();
    let (p, phone) = state
        .db(move |conn| {
            let p = service::for_staff(conn, &actor, tournament_id, player_id)?;
            let phone =
                crate::service::sms_phones::phone_of(conn, &actor, (tournament_id, player_id))?;
            Ok((p, phone))
        })
        .await?;
    Ok(FormPage {
        nav: Nav::new(&session),
        tournament_id,
        player_id: Some(player_id),
        f: PlayerFields {
            name: p.name,
            club: p.club,
            country: p.country,
            rating: p.rating.map(|r| r.to_string()).unwrap_or_default(),
            birth_year: p.birth_year.map(|y| y.to_string()).unwrap_or_default(),
            gender: p.gender.map(|g| g.to_string()).unwrap_or_default(),
            title: p.title,
            federation: p.federation,
            register_id: p.register_id.map(|id| id.to_string()).unwrap_or_default(),
            sms_consent: if phone.is_some() { "yes" } else { "" }.to_string(),
            phone: phone.unwrap_or_default(),
            csrf: String::new(),
        },
        problem: None,
    })
}

async fn update(
    Runs(actor): Runs,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<(TournamentId, PlayerId)>,
    CheckedForm(form): CheckedForm<PlayerFields>,
) -> Result<HttpResponse, PageError> {
    let (tournament_id, player_id) = path.into_inner();
    let fields = form;
    let details = match fields.parse() {
        Ok(d) => d,
        Err(problem) => {
            return FormPage {
                nav: Nav::new(&session),
                tournament_id,
                player_id: Some(player_id),
                f: fields,
                problem: Some(problem),
            }
            .invalid();
        }
    };
    let country = state.service.sms.country().map(str::to_string);
    state
        .write(move |conn| {
            let details = (&details, country.as_deref());
            service::edit(conn, &actor, tournament_id, player_id, details)
        })
        .await?;
    Ok(see_other(&format!("/tournaments/{tournament_id}")))
}

#[derive(Deserialize)]
struct WithdrawForm {
    withdrawn: String,
    csrf: String,
}

async fn withdraw(
    Runs(actor): Runs,
    state: web::Data<AppState>,
    path: web::Path<(TournamentId, PlayerId)>,
    CheckedForm(form): CheckedForm<WithdrawForm>,
) -> Result<HttpResponse, PageError> {
    let (tournament_id, player_id) = path.into_inner();
    let withdrawn = form.withdrawn == "true";
    withdraw_player(&state, actor, (tournament_id, player_id), withdrawn).await?;
    Ok(see_other(&format!("/tournaments/{tournament_id}")))
}

async fn reset_pin(
    Runs(actor): Runs,
    req: HttpRequest,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<(TournamentId, PlayerId)>,
    CheckedForm(_): CheckedForm<CsrfOnly>,
) -> Result<PinsPage, PageError> {
    let (tournament_id, player_id) = path.into_inner();
    let slip = reset(&state, actor, tournament_id, player_id).await?;
    Ok(pins_page(&state, &req, &session, tournament_id, vec![slip]).await?)
}

#[derive(Template, WebTemplate)]
#[template(path = "players/import.html")]
struct ImportPage {
    nav: Nav,
    tournament_id: TournamentId,
    csv: String,
    errors: Vec<ImportError>,
    /// Rows naming players registered already: each to add or skip.
    duplicates: Vec<Duplicate>,
}

async fn import_page(
    _: Runs,
    session: Visitor,
    path: web::Path<TournamentId>,
) -> Result<ImportPage, PageError> {
    let tournament_id = path.into_inner();
    Ok(ImportPage {
        nav: Nav::new(&session),
        tournament_id,
        csv: String::new(),
        errors: Vec::new(),
        duplicates: Vec::new(),
    })
}

impl ImportUpload {
    /// The CSV (the file chosen, or the text pasted) and the choices made for rows naming
    /// registered players: those ticked are added, the other rows shown are skipped.
    fn read(self) -> Result<(String, Choices), ServiceError> {
        let text = match self.file.filter(|f| !f.data.is_empty()) {
            Some(file) => String::from_utf8(file.data.to_vec())
                .map_err(|_| ServiceError::Invalid(crate::said!("file-not-utf-8-text")))?,
            None => self.csv.map(|t| t.into_inner()).unwrap_or_default(),
        };
        let add: Vec<usize> = self.add.into_iter().map(Text::into_inner).collect();
        let skip = self
            .listed
            .into_iter()
            .map(Text::into_inner)
            .filter(|row| !add.contains(row))
            .collect();
        Ok((text, Choices { add, skip }))
    }
}

#[derive(MultipartForm)]
struct ImportUpload {
    #[multipart(limit = "1MB")]
    file: Option<UploadBytes>,
    #[multipart(limit = "1MB")]
    csv: Option<Text<String>>,
    /// The duplicate rows the form showed, and those of them to add (the rest are skipped).
    listed: Vec<Text<usize>>,
    add: Vec<Text<usize>>,
    csrf: Text<String>,
}

async fn import(
    Runs(actor): Runs,
    req: HttpRequest,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<TournamentId>,
    CheckedUpload(upload): CheckedUpload<ImportUpload>,
) -> Result<HttpResponse, PageError> {
    let tournament_id = path.into_inner();
    let (text, choices) = upload.read()?;
    let (errors, duplicates) = match parse_player_csv(&text, super::csv_export::player_column) {
        Ok(players) => {
            match import_players(&state, actor, tournament_id, players, choices).await? {
                Imported::Added(slips) => {
                    let page = pins_page(&state, &req, &session, tournament_id, slips).await?;
                    return Ok(render(StatusCode::CREATED, &page)?);
                }
                Imported::Duplicates(duplicates) => (Vec::new(), duplicates),
            }
        }
        Err(errors) => (errors, Vec::new()),
    };
    let code = if duplicates.is_empty() {
        StatusCode::UNPROCESSABLE_ENTITY
    } else {
        StatusCode::CONFLICT
    };
    let page = ImportPage {
        nav: Nav::new(&session),
        tournament_id,
        csv: text,
        errors,
        duplicates,
    };
    Ok(render(code, &page)?)
}

/// The players as CSV (staff who run the tournament): the same columns the import reads, plus
/// the id and whether the player withdrew.
async fn players_csv(
    Staff(actor): Staff,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, PageError> {
    let tournament_id = path.into_inner();
    let players = state
        .db(move |conn| service::list_for_staff(conn, &actor, tournament_id))
        .await?;
    // The import's columns, in its order, between the id and whether the player withdrew; a
    // phone number never leaves the service in a file.
    let columns: Vec<&str> = std::iter::once("id")
        .chain(
            crate::tournament::players::COLUMNS
                .into_iter()
                .filter(|c| !crate::tournament::players::PRIVATE_COLUMNS.contains(c)),
        )
        .chain(["withdrawn"])
        .collect();
    Ok(super::csv_export::download(
        session.lang,
        &format!("tournament-{tournament_id}-players.csv"),
        &columns,
        players.into_iter().map(|p| {
            [
                p.id.to_string(),
                p.name,
                p.club,
                p.country,
                p.rating.map(|r| r.to_string()).unwrap_or_default(),
                p.birth_year.map(|y| y.to_string()).unwrap_or_default(),
                p.gender.map(|g| g.to_string()).unwrap_or_default(),
                p.title,
                p.federation,
                p.register_id.map(|id| id.to_string()).unwrap_or_default(),
                p.withdrawn.to_string(),
            ]
        }),
    )?)
}

pub fn page_routes(cfg: &mut Routes) {
    cfg.app_data(
        actix_multipart::form::MultipartFormConfig::default()
            .total_limit(2 * super::plumbing::limits::CSV_LIMIT)
            .memory_limit(2 * super::plumbing::limits::CSV_LIMIT)
            .error_handler(|err, _req| {
                PageError(Failure::BadRequest(crate::said!(
                    "upload-could-not-read",
                    error = err.to_string()
                )))
                .into()
            }),
    )
    .route("/tournaments/{id}/players.csv", web::get().to(players_csv))
    .route("/tournaments/{id}/players/new", web::get().to(new_page))
    .route("/tournaments/{id}/players", web::post().to(create))
    .route(
        "/tournaments/{id}/players/import",
        web::get().to(import_page),
    )
    .route("/tournaments/{id}/players/import", web::post().to(import))
    .route(
        "/tournaments/{id}/players/{player}/edit",
        web::get().to(edit_page),
    )
    .route("/tournaments/{id}/players/{player}", web::post().to(update))
    .route(
        "/tournaments/{id}/players/{player}/withdraw",
        web::post().to(withdraw),
    )
    .route(
        "/tournaments/{id}/players/{player}/pin",
        web::post().to(reset_pin),
    )
    .route(
        "/tournaments/{id}/pairing-numbers",
        web::post().to(pairing_order_page),
    );
}

// --- API ---------------------------------------------------------------------------------------

async fn api_list(
    Anyone(actor): Anyone,
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, ApiError> {
    let tournament_id = path.into_inner();
    let players = state
        .db(move |conn| service::list_as(conn, &actor, tournament_id))
        .await?;
    Ok(HttpResponse::Ok().json(players))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PairingOrder {
    players: Vec<PlayerId>,
}

async fn api_pairing_order(
    Staff(actor): Staff,
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
    body: web::Json<PairingOrder>,
) -> Result<HttpResponse, ApiError> {
    let tournament_id = path.into_inner();
    let order = body.into_inner().players;
    let players = state
        .write(move |conn| service::set_pairing_order(conn, &actor, tournament_id, &order))
        .await?;
    Ok(HttpResponse::Ok().json(players))
}

/// The pairing-number form: `csrf`, and `n<player id>` = the number given.
async fn pairing_order_page(
    Staff(actor): Staff,
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
    CheckedForm(form): CheckedForm<std::collections::HashMap<String, String>>,
) -> Result<HttpResponse, PageError> {
    let tournament_id = path.into_inner();
    let mut numbered: Vec<(i64, PlayerId)> = Vec::new();
    for (field, value) in &form {
        let Some(id) = field.strip_prefix('n').and_then(|id| id.parse().ok()) else {
            continue;
        };
        let number = value.trim().parse::<i64>().map_err(|_| {
            ServiceError::Invalid(crate::said!("pairing-numbers-not-whole-number", value))
        })?;
        numbered.push((number, PlayerId(id)));
    }
    numbered.sort();
    if numbered
        .iter()
        .enumerate()
        .any(|(i, (n, _))| *n != i as i64 + 1)
    {
        return Err(ServiceError::Invalid(crate::said!(
            "pairing-numbers-number-players-1",
            numbered_count = numbered.len()
        ))
        .into());
    }
    let order: Vec<PlayerId> = numbered.into_iter().map(|(_, id)| id).collect();
    state
        .write(move |conn| service::set_pairing_order(conn, &actor, tournament_id, &order))
        .await?;
    Ok(see_other(&format!("/tournaments/{tournament_id}")))
}

#[derive(Serialize)]
struct CreatedPlayer {
    #[serde(flatten)]
    player: PlayerView,
    pin: String,
}

async fn api_create(
    Runs(actor): Runs,
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
    body: web::Json<PlayerInput>,
) -> Result<HttpResponse, ApiError> {
    let tournament_id = path.into_inner();
    let details = PlayerDetails::parse(&body).map_err(ServiceError::Invalid)?;
    let slip = add_with_pins(&state, actor, tournament_id, vec![details], Arrival::Added)
        .await?
        .remove(0);
    let player = state
        .db(move |conn| service::get(conn, tournament_id, slip.id))
        .await?;
    Ok(HttpResponse::Created().json(CreatedPlayer {
        player,
        pin: slip.pin,
    }))
}

async fn api_update(
    Staff(actor): Staff,
    state: web::Data<AppState>,
    path: web::Path<(TournamentId, PlayerId)>,
    body: web::Json<PlayerInput>,
) -> Result<HttpResponse, ApiError> {
    let (tournament_id, player_id) = path.into_inner();
    let details = PlayerDetails::parse(&body).map_err(ServiceError::Invalid)?;
    let country = state.service.sms.country().map(str::to_string);
    let player = state
        .write(move |conn| {
            let details = (&details, country.as_deref());
            service::edit(conn, &actor, tournament_id, player_id, details)
        })
        .await?;
    Ok(HttpResponse::Ok().json(player))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct WithdrawBody {
    withdrawn: bool,
}

async fn api_withdraw(
    Staff(actor): Staff,
    state: web::Data<AppState>,
    path: web::Path<(TournamentId, PlayerId)>,
    body: web::Json<WithdrawBody>,
) -> Result<HttpResponse, ApiError> {
    let (tournament_id, player_id) = path.into_inner();
    let player = withdraw_player(&state, actor, (tournament_id, player_id), body.withdrawn).await?;
    Ok(HttpResponse::Ok().json(player))
}

async fn api_reset_pin(
    Runs(actor): Runs,
    state: web::Data<AppState>,
    path: web::Path<(TournamentId, PlayerId)>,
) -> Result<HttpResponse, ApiError> {
    let (tournament_id, player_id) = path.into_inner();
    let slip = reset(&state, actor, tournament_id, player_id).await?;
    Ok(HttpResponse::Ok().json(slip))
}

pub fn api_routes(cfg: &mut Routes) {
    cfg.route("/tournaments/{id}/players", web::get().to(api_list))
        .route("/tournaments/{id}/players", web::post().to(api_create))
        .route(
            "/tournaments/{id}/players/{player}",
            web::put().to(api_update),
        )
        .route(
            "/tournaments/{id}/players/{player}/withdraw",
            web::post().to(api_withdraw),
        )
        .route(
            "/tournaments/{id}/players/{player}/pin",
            web::post().to(api_reset_pin),
        )
        .route(
            "/tournaments/{id}/pairing-numbers",
            web::put().to(api_pairing_order),
        );
}
