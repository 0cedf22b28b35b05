//! The venue page (`/venue`, staff): this machine's addresses on the venue's network, each with
//! its QR code, what the printed slips and sheets carry, and a card to print that joins phones to
//! the Wi-Fi and then to the service without typing.

use actix_web::{HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

use super::AppState;
use super::access;
use super::error::PageError;
use super::pages::{Nav, check_csrf, render};
use crate::service::ServiceError;
use crate::service::venue::{self as service, Venue};
use crate::web::language::Visitor;

/// The longest network name Wi-Fi allows is 32 bytes; a passphrase 63 characters.
const MOST_NETWORK: usize = 32;
const MOST_PASSWORD: usize = 63;

/// The Wi-Fi to join, as the staff typed it (never stored).
#[derive(Clone, Debug, Default, Deserialize)]
struct WifiForm {
    #[serde(default)]
    network: String,
    #[serde(default)]
    password: String,
    #[serde(default)]
    csrf: String,
}

#[derive(Template, WebTemplate)]
#[template(path = "venue.html")]
struct Page {
    nav: Nav,
    venue: Venue,
    /// Each address with its QR code.
    codes: Vec<(String, String, String)>,
    wifi: WifiForm,
    /// The Wi-Fi's code, once asked for.
    wifi_code: Option<String>,
    problem: Option<String>,
}

fn page(
    state: &AppState,
    session: &Visitor,
    wifi: WifiForm,
    wifi_code: Option<String>,
    problem: Option<String>,
) -> Result<Page, ServiceError> {
    access::staff(session)?;
    let venue = service::venue(state.listening, state.public_url.as_deref());
    let codes = venue
        .addresses
        .iter()
        .map(|a| {
            let code = super::qr::svg(&a.url, &format!("QR code of {}", a.url))?;
            Ok((a.interface.clone(), a.url.clone(), code))
        })
        .collect::<Result<_, ServiceError>>()?;
    Ok(Page {
        nav: Nav::new(session),
        venue,
        codes,
        wifi,
        wifi_code,
        problem,
    })
}

async fn show(state: web::Data<AppState>, session: Visitor) -> Result<Page, PageError> {
    Ok(page(&state, &session, WifiForm::default(), None, None)?)
}

async fn wifi(
    state: web::Data<AppState>,
    session: Visitor,
    form: web::Form<WifiForm>,
) -> Result<HttpResponse, PageError> {
    let mut form = form.into_inner();
    check_csrf(&session, &form.csrf)?;
    form.network = form.network.trim().to_string();
    let problem = if form.network.is_empty() {
        Some("Write the Wi-Fi's name.".to_string())
    } else if form.network.len() > MOST_NETWORK {
        Some(format!(
            "A Wi-Fi's name holds at most {MOST_NETWORK} bytes; this one has {}.",
            form.network.len()
        ))
    } else if form.password.chars().count() > MOST_PASSWORD {
        Some(format!(
            "A Wi-Fi's password holds at most {MOST_PASSWORD} characters."
        ))
    } else {
        None
    };
    let code = match problem {
        Some(_) => None,
        None => Some(super::qr::svg(
            &service::wifi_code(&form.network, &form.password),
            &format!("QR code that joins the Wi-Fi {}", form.network),
        )?),
    };
    let status = if problem.is_some() {
        actix_web::http::StatusCode::UNPROCESSABLE_ENTITY
    } else {
        actix_web::http::StatusCode::OK
    };
    let page = page(&state, &session, form, code, problem)?;
    Ok(render(status, &page)?)
}

pub fn page_routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/venue", web::get().to(show))
        .route("/venue", web::post().to(wifi));
}
