//! What every page shows: the navigation with who is signed in and the CSRF token its forms
//! carry.

use crate::auth::{Identity, Role, UserSession};

/// The navigation bar's state.
#[derive(Clone, Debug, Default)]
pub struct Nav {
    /// Who is signed in, as shown.
    pub user: Option<String>,
    pub staff: bool,
    pub organiser: bool,
    /// The tournament a signed-in player plays in.
    pub player_tournament: Option<crate::tournament::TournamentId>,
    /// The CSRF token of this session's forms.
    pub csrf: String,
}

impl Nav {
    /// The navigation of a page. Anonymous visitors get no CSRF token (and so no session
    /// cookie) unless the page has a form: see [`Nav::with_form`].
    pub fn new(session: &UserSession) -> Nav {
        let identity = session.identity().ok().flatten();
        let csrf = if identity.is_some() {
            session.csrf_token()
        } else {
            String::new()
        };
        match identity {
            Some(Identity::Staff { username, role, .. }) => Nav {
                user: Some(format!("{username} ({role})")),
                staff: true,
                organiser: role == Role::Organiser,
                player_tournament: None,
                csrf,
            },
            Some(Identity::Player {
                name,
                tournament_id,
                ..
            }) => Nav {
                user: Some(name),
                staff: false,
                organiser: false,
                player_tournament: Some(tournament_id),
                csrf,
            },
            None => Nav {
                csrf,
                ..Nav::default()
            },
        }
    }
}

impl Nav {
    /// The navigation of a page with a form that anonymous visitors submit (sign-in).
    pub fn with_form(session: &UserSession) -> Nav {
        Nav {
            csrf: session.csrf_token(),
            ..Nav::new(session)
        }
    }
}

/// Checks a form's CSRF token against the session.
pub fn check_csrf(
    session: &UserSession,
    submitted: &str,
) -> Result<(), crate::service::ServiceError> {
    if session.csrf_matches(submitted) {
        Ok(())
    } else {
        Err(crate::service::ServiceError::Forbidden(
            "this form was out of date (you may have signed in or out since the page was opened), so nothing was changed: open the page again and send the form from there"
                .to_string(),
        ))
    }
}

/// A page with a status other than 200 (a form sent back with its problems, a created thing).
pub fn render(
    status: actix_web::http::StatusCode,
    page: &impl askama::Template,
) -> Result<actix_web::HttpResponse, crate::service::ServiceError> {
    let html = page.render()?;
    Ok(html_response(status, html))
}

/// An HTML page already rendered.
pub fn html_response(
    status: actix_web::http::StatusCode,
    body: impl actix_web::body::MessageBody + 'static,
) -> actix_web::HttpResponse {
    actix_web::HttpResponse::build(status)
        .content_type("text/html; charset=utf-8")
        .body(body)
}

/// The form of a button that only carries the CSRF token.
#[derive(serde::Deserialize)]
pub struct CsrfOnly {
    pub csrf: String,
}

/// A redirect after a successful form (303, so the browser follows with GET).
pub fn see_other(location: &str) -> actix_web::HttpResponse {
    actix_web::HttpResponse::SeeOther()
        .insert_header(("Location", location))
        .finish()
}
