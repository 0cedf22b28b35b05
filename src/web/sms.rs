//! Text messages (SMS): what the gateway hands over (a player's message, a delivery report, each
//! with the gateway's token), and the staff's SMS page of a tournament (turned on with a cap,
//! the players' phones with their consent, every message in and out, a resend, a message to
//! every player) with its API.

use actix_web::{HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

use super::error::{ApiError, PageError};
use super::pages::{CsrfOnly, Nav, see_other};
use super::plumbing::access::{CheckedForm, Staff};
use crate::locale::Lang;
use crate::service::sms::{self as service, Incoming, MessageRow, PhoneChange, SmsView};
use crate::tournament::said::Kept;
use crate::tournament::{PlayerId, TournamentId};
use crate::web::language::Visitor;
use crate::web::plumbing::routes::Routes;
use crate::web::state::AppState;

crate::csrf_in_field!(SettingsForm, PhoneForm, NoticeForm);

/// How a message to a player is worded: in its language, as the pages word the same facts.
pub fn words() -> crate::service::sms_out::Words {
    std::sync::Arc::new(|code: &str, said| {
        crate::wording::refusals::said(
            crate::locale::Lang::from_code(code).unwrap_or_default(),
            said,
        )
    })
}

/// A message from a phone, as Kannel's `get-url` gives it (`docs/sms.md`).
#[derive(Deserialize)]
struct IncomingQuery {
    token: String,
    from: String,
    #[serde(default)]
    text: String,
    /// Kannel's id of the message (`%I`).
    id: Option<String>,
}

/// Takes a player's message; answers 200 with nothing (the answer goes out as a message of its
/// own), 403 to anyone but the gateway.
async fn incoming(
    state: web::Data<AppState>,
    query: web::Query<IncomingQuery>,
) -> Result<HttpResponse, ApiError> {
    let IncomingQuery {
        token,
        from,
        text,
        id,
    } = query.into_inner();
    state.service.sms.check_token(&token)?;
    let taken = state
        .service
        .sms
        .take(Incoming {
            from,
            text,
            id: id.filter(|id| !id.is_empty()),
        })
        .await?;
    Ok(HttpResponse::Ok().json(taken))
}

#[derive(Deserialize)]
struct ReportQuery {
    token: String,
    id: i32,
    status: u32,
}

/// A delivery report of a message out.
async fn report(
    state: web::Data<AppState>,
    query: web::Query<ReportQuery>,
) -> Result<HttpResponse, ApiError> {
    let ReportQuery { token, id, status } = query.into_inner();
    state.service.sms.check_token(&token)?;
    let known = state
        .write(move |conn| service::report(conn, id, status))
        .await?;
    Ok(HttpResponse::Ok().json(serde_json::json!({ "known": known })))
}

#[derive(Template, WebTemplate)]
#[template(path = "tournaments/sms.html")]
struct SmsPage {
    nav: Nav,
    v: SmsView,
}

/// A message as the pages show it: as received or sent, or (not yet sent) as it will read.
pub fn text_of(lang: Lang, m: &MessageRow) -> String {
    if !m.text.is_empty() || m.said.is_empty() {
        return m.text.clone();
    }
    let lang = Lang::from_code(&m.language).unwrap_or(lang);
    crate::wording::refusals::kept(lang, &Kept::read(&m.said))
}

/// What a message is, in words.
pub fn kind_of(lang: Lang, m: &MessageRow) -> String {
    let kind = if m.kind.is_empty() { "unread" } else { &m.kind };
    lang.t(&format!("sms-kind-{kind}"))
}

/// What became of a message, in words.
pub fn state_of(lang: Lang, m: &MessageRow) -> String {
    lang.t(&format!("sms-state-{}", m.state))
}

impl SmsPage {
    fn text(&self, m: &MessageRow) -> String {
        text_of(self.nav.lang, m)
    }

    fn kind(&self, m: &MessageRow) -> String {
        kind_of(self.nav.lang, m)
    }

    fn state(&self, m: &MessageRow) -> String {
        state_of(self.nav.lang, m)
    }

    /// Whether the staff may send a message again.
    fn resendable(&self, m: &MessageRow) -> bool {
        !m.incoming && m.state != crate::tournament::sms::State::Queued.word()
    }

    fn at(&self, m: &MessageRow) -> String {
        m.at.format("%Y-%m-%d %H:%M:%S").to_string()
    }

    fn phones_on(&self) -> usize {
        self.v
            .phones
            .iter()
            .filter(|p| p.number.is_some() && !p.stopped)
            .count()
    }
}

async fn page(
    Staff(actor): Staff,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<TournamentId>,
) -> Result<SmsPage, PageError> {
    let id = path.into_inner();
    let v = state
        .db(move |conn| service::view(conn, &actor, id))
        .await?;
    Ok(SmsPage {
        nav: Nav::new(&session),
        v,
    })
}

#[derive(Deserialize)]
struct SettingsForm {
    csrf: String,
    enabled: Option<String>,
    cap: String,
}

async fn settings(
    Staff(actor): Staff,
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
    CheckedForm(form): CheckedForm<SettingsForm>,
) -> Result<HttpResponse, PageError> {
    let id = path.into_inner();
    let cap = form.cap.trim().parse::<i32>().map_err(|_| {
        crate::service::ServiceError::Invalid(crate::said!(
            "sms-cap-range",
            most = service::MOST_PARTS
        ))
    })?;
    let enabled = form.enabled.is_some();
    state
        .write(move |conn| service::set_settings(conn, &actor, id, (enabled, cap)))
        .await?;
    Ok(see_other(&format!("/tournaments/{id}/sms")))
}

#[derive(Deserialize)]
struct PhoneForm {
    csrf: String,
    #[serde(default)]
    number: String,
    consent: Option<String>,
    /// `stop` or `resume`: SMS off or on again for the player.
    action: Option<String>,
}

async fn phone(
    Staff(actor): Staff,
    state: web::Data<AppState>,
    path: web::Path<(TournamentId, PlayerId)>,
    CheckedForm(form): CheckedForm<PhoneForm>,
) -> Result<HttpResponse, PageError> {
    let (id, player) = path.into_inner();
    let change = match form.action.as_deref() {
        Some("stop") => PhoneChange::Stopped(true),
        Some("resume") => PhoneChange::Stopped(false),
        _ => PhoneChange::Number {
            number: form.number,
            consent: form.consent.is_some(),
        },
    };
    let country = state.service.sms.country().map(str::to_string);
    state
        .write(move |conn| {
            service::set_phone(conn, &actor, (id, player), change, country.as_deref())
        })
        .await?;
    Ok(see_other(&format!("/tournaments/{id}/sms#player-{player}")))
}

async fn resend(
    Staff(actor): Staff,
    state: web::Data<AppState>,
    path: web::Path<(TournamentId, i32)>,
    CheckedForm(_): CheckedForm<CsrfOnly>,
) -> Result<HttpResponse, PageError> {
    let (id, message) = path.into_inner();
    state
        .write(move |conn| service::resend(conn, &actor, id, message))
        .await?;
    Ok(see_other(&format!("/tournaments/{id}/sms")))
}

#[derive(Deserialize)]
struct NoticeForm {
    csrf: String,
    #[serde(default)]
    text: String,
}

async fn notice(
    Staff(actor): Staff,
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
    CheckedForm(form): CheckedForm<NoticeForm>,
) -> Result<HttpResponse, PageError> {
    let id = path.into_inner();
    state
        .write(move |conn| service::send_to_all(conn, &actor, id, &form.text))
        .await?;
    Ok(see_other(&format!("/tournaments/{id}/sms")))
}

pub fn page_routes(cfg: &mut Routes) {
    cfg.route("/tournaments/{id}/sms", web::get().to(page))
        .route("/tournaments/{id}/sms/settings", web::post().to(settings))
        .route("/tournaments/{id}/sms/notice", web::post().to(notice))
        .route(
            "/tournaments/{id}/sms/phones/{player}",
            web::post().to(phone),
        )
        .route(
            "/tournaments/{id}/sms/messages/{message}/resend",
            web::post().to(resend),
        );
}

async fn api_view(
    Staff(actor): Staff,
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let v = state
        .db(move |conn| service::view(conn, &actor, id))
        .await?;
    Ok(HttpResponse::Ok().json(v))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SettingsBody {
    enabled: bool,
    cap: i32,
}

async fn api_settings(
    Staff(actor): Staff,
    state: web::Data<AppState>,
    path: web::Path<TournamentId>,
    body: web::Json<SettingsBody>,
) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let SettingsBody { enabled, cap } = body.into_inner();
    state
        .write(move |conn| service::set_settings(conn, &actor, id, (enabled, cap)))
        .await?;
    Ok(HttpResponse::NoContent().finish())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PhoneBody {
    #[serde(default)]
    number: Option<String>,
    #[serde(default)]
    consent: bool,
    #[serde(default)]
    stopped: Option<bool>,
}

async fn api_phone(
    Staff(actor): Staff,
    state: web::Data<AppState>,
    path: web::Path<(TournamentId, PlayerId)>,
    body: web::Json<PhoneBody>,
) -> Result<HttpResponse, ApiError> {
    let (id, player) = path.into_inner();
    let PhoneBody {
        number,
        consent,
        stopped,
    } = body.into_inner();
    let change = match (number, stopped) {
        (Some(number), _) => PhoneChange::Number { number, consent },
        (None, Some(stopped)) => PhoneChange::Stopped(stopped),
        (None, None) => PhoneChange::Number {
            number: String::new(),
            consent,
        },
    };
    let country = state.service.sms.country().map(str::to_string);
    state
        .write(move |conn| {
            service::set_phone(conn, &actor, (id, player), change, country.as_deref())
        })
        .await?;
    Ok(HttpResponse::NoContent().finish())
}

pub fn api_routes(cfg: &mut Routes) {
    cfg.route("/sms/incoming", web::get().to(incoming))
        .route("/sms/report", web::get().to(report))
        .route("/tournaments/{id}/sms", web::get().to(api_view))
        .route("/tournaments/{id}/sms", web::put().to(api_settings))
        .route(
            "/tournaments/{id}/sms/phones/{player}",
            web::put().to(api_phone),
        );
}

#[cfg(test)]
mod tests {
    use crate::tournament::said::{Said, Word};
    use crate::tournament::sms::cost;

    /// Every message a player is sent, with names and numbers as long as a club's usually are.
    fn sent() -> Vec<Said> {
        let pairing = |start: &str| {
            crate::said!(
                "sms-pairing",
                round = 12,
                board = 24,
                side = "north",
                opponent = "Akosua Darko-Mensah",
                start = start.to_string()
            )
        };
        let matched = |length: &str, turns: &str| {
            crate::said!(
                "sms-match",
                round = 12,
                board = 24,
                side = "south",
                opponent = "Akosua Darko-Mensah",
                games = 3,
                length = length.to_string(),
                turns = turns.to_string(),
                start = "14:30"
            )
        };
        vec![
            pairing("none"),
            pairing("14:30"),
            matched("best", "results"),
            matched("games", "alternate"),
            crate::said!(
                "sms-match-game",
                round = 12,
                board = 24,
                game = 2,
                side = "south",
                opponent = "Akosua Darko-Mensah"
            ),
            crate::said!(
                "sms-changed",
                pairing = Word::Said(Box::new(pairing("14:30")))
            ),
            crate::said!("sms-unpaired", round = 12),
            crate::said!("sms-bye", round = 12),
            crate::said!(
                "sms-warning",
                round = 12,
                board = 24,
                minutes = 10,
                end = "16:45"
            ),
            crate::said!("sms-withdrawn", tournament = "Open de Cotonou 2026"),
            crate::said!("sms-reinstated", tournament = "Open de Cotonou 2026"),
            crate::said!(
                "sms-confirm",
                round = 12,
                board = 24,
                sender = "Akosua Darko-Mensah",
                winner = "south",
                south = 25,
                north = 23,
                code = "4821"
            ),
            crate::said!("sms-help"),
            crate::said!("sms-confirmed", round = 12, board = 24),
            crate::said!("sms-not-confirmed", round = 12, board = 24),
            crate::said!("sms-unread"),
        ]
    }

    #[test]
    fn what_a_player_is_sent_fits_one_part_in_the_gsm_alphabet_in_both_languages() {
        let words = super::words();
        for language in ["en", "fr"] {
            for said in sent() {
                let text = words(language, &said).replace(['\u{202f}', '\u{a0}'], " ");
                let cost = cost(&text);
                assert!(cost.gsm, "{language} {}: {text}", said.key);
                assert_eq!(cost.parts, 1, "{language} {}: {text}", said.key);
                assert!(!text.contains('{'), "{language} {}: {text}", said.key);
            }
        }
    }
}
