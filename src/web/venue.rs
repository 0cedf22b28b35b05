//! The venue page (`/venue`, staff): this machine's addresses on the venue's network, each with
//! its QR code, what the printed slips and sheets carry, and a card to print that joins phones to
//! the Wi-Fi and then to the service without typing.

use actix_web::{HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

use super::error::PageError;
use super::pages::{Nav, render};
use super::plumbing::access::{CheckedForm, Staff};
use crate::service::ServiceError;
use crate::service::venue::{self as service, Venue};
use crate::tournament::said::Said;
use crate::web::language::Visitor;
use crate::web::plumbing::routes::Routes;
use crate::web::state::AppState;

crate::csrf_in_field!(WifiForm);

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
    problem: Option<Said>,
}

fn page(
    state: &AppState,
    session: &Visitor,
    wifi: WifiForm,
    problem: Option<Said>,
) -> Result<Page, ServiceError> {
    let nav = Nav::new(session);
    let venue = service::venue(state.listening, state.public_url.as_deref());
    let codes = venue
        .addresses
        .iter()
        .map(|a| {
            let label = nav.t1("venue-qr-of", "url", a.url.as_str());
            let code = super::qr::svg(&a.url, &label)?;
            Ok((a.interface.clone(), a.url.clone(), code))
        })
        .collect::<Result<_, ServiceError>>()?;
    let wifi_code = match (&problem, wifi.network.is_empty()) {
        (None, false) => {
            let label = nav.t1("venue-qr-wifi", "network", wifi.network.as_str());
            let text = service::wifi_code(&wifi.network, &wifi.password);
            Some(super::qr::svg(&text, &label)?)
        }
        _ => None,
    };
    Ok(Page {
        nav,
        venue,
        codes,
        wifi,
        wifi_code,
        problem,
    })
}

async fn show(_: Staff, state: web::Data<AppState>, session: Visitor) -> Result<Page, PageError> {
    Ok(page(&state, &session, WifiForm::default(), None)?)
}

async fn wifi(
    _: Staff,
    state: web::Data<AppState>,
    session: Visitor,
    CheckedForm(form): CheckedForm<WifiForm>,
) -> Result<HttpResponse, PageError> {
    let mut form = form;
    form.network = form.network.trim().to_string();
    let problem = if form.network.is_empty() {
        Some(crate::said!("wifi-name-missing"))
    } else if form.network.len() > MOST_NETWORK {
        Some(crate::said!(
            "wifi-name-too-long",
            most = MOST_NETWORK,
            bytes = form.network.len()
        ))
    } else if form.password.chars().count() > MOST_PASSWORD {
        Some(crate::said!("wifi-password-too-long", most = MOST_PASSWORD))
    } else {
        None
    };
    let status = if problem.is_some() {
        actix_web::http::StatusCode::UNPROCESSABLE_ENTITY
    } else {
        actix_web::http::StatusCode::OK
    };
    let page = page(&state, &session, form, problem)?;
    Ok(render(status, &page)?)
}

pub fn page_routes(cfg: &mut Routes) {
    cfg.route("/venue", web::get().to(show))
        .route("/venue", web::post().to(wifi));
}
