//! The visitor's language: the one they chose with the switch on every page (a cookie), else the
//! first of their browser's languages the service speaks (`Accept-Language`), else English; a
//! tournament's pages fall back on the tournament's language before English.

use std::future::{Ready, ready};
use std::ops::Deref;

use actix_web::body::MessageBody;
use actix_web::cookie::{Cookie, SameSite, time::Duration};
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::http::header;
use actix_web::middleware::Next;
use actix_web::{FromRequest, HttpMessage, HttpRequest, HttpResponse, web};

use crate::auth::UserSession;
use crate::locale::Lang;
use crate::tournament::TournamentId;
use crate::web::state::AppState;

/// The cookie that remembers the visitor's choice.
pub const COOKIE: &str = "lang";

/// How the language of a request was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// The visitor chose it with the switch.
    Chosen,
    /// Their browser asks for it.
    Browser,
    /// Neither says one the service speaks.
    Default,
}

/// Who asks (their session) and in which language.
pub struct Visitor {
    pub session: UserSession,
    pub lang: Lang,
    pub source: Source,
    /// The page asked for, path and query, for the switch to come back to.
    pub path: String,
}

/// The language of the tournament a request is about, put there by [`tournament_default`] for
/// a visitor who names none.
#[derive(Clone, Copy, Debug)]
struct TournamentLang(Lang);

impl Visitor {
    pub fn of(req: &HttpRequest) -> Visitor {
        let (mut lang, source) = language_of(req);
        if source == Source::Default
            && let Some(TournamentLang(own)) = req.extensions().get::<TournamentLang>().copied()
        {
            lang = own;
        }
        Visitor {
            session: UserSession::of(req),
            lang,
            source,
            path: seen_path(req),
        }
    }

    /// The language of a page about something with a language of its own (a tournament's):
    /// the visitor's, unless nothing the visitor sent names one.
    pub fn lang_or(&self, default: Lang) -> Lang {
        match self.source {
            Source::Default => default,
            _ => self.lang,
        }
    }
}

/// The request's language and where it came from.
pub fn language_of(req: &HttpRequest) -> (Lang, Source) {
    if let Some(lang) = req.cookie(COOKIE).and_then(|c| Lang::from_code(c.value())) {
        return (lang, Source::Chosen);
    }
    let accepted = req
        .headers()
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .and_then(Lang::negotiate);
    match accepted {
        Some(lang) => (lang, Source::Browser),
        None => (Lang::ENGLISH, Source::Default),
    }
}

impl Deref for Visitor {
    type Target = UserSession;

    fn deref(&self) -> &UserSession {
        &self.session
    }
}

impl FromRequest for Visitor {
    type Error = actix_web::Error;
    type Future = Ready<Result<Visitor, Self::Error>>;

    fn from_request(req: &HttpRequest, _payload: &mut Payload) -> Self::Future {
        ready(Ok(Visitor::of(req)))
    }
}

/// The tournament a page's path is about: `/tournaments/{id}` and the pages under it.
fn tournament_of(path: &str) -> Option<TournamentId> {
    let rest = path.strip_prefix("/tournaments/")?;
    let id = rest.split(['/', '.']).next()?;
    id.parse().ok().map(TournamentId)
}

/// For a visitor who names no language the service speaks, a tournament's pages are in the
/// tournament's own language (read once per change of the data).
pub async fn tournament_default(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody + 'static>, actix_web::Error> {
    if language_of(req.request()).1 == Source::Default
        && let Some(id) = tournament_of(req.path())
        && let Some(state) = req.app_data::<web::Data<AppState>>().cloned()
        && let Ok(code) = state.service.languages.of(id).await
        && let Some(lang) = Lang::from_code(&code)
    {
        req.extensions_mut().insert(TournamentLang(lang));
    }
    next.call(req).await
}

#[derive(serde::Deserialize)]
pub struct Choice {
    to: String,
    #[serde(default)]
    back: String,
}

/// The page the visitor sees, for the language switch to come back to. A page answering a form
/// (a sheet refused, a list used) has a path that only takes forms: the page the form was on
/// (the `Referer` the site's own pages send, unless that was this path itself: a form sent
/// again from its answer), or failing that the path the form's own is under.
fn seen_path(req: &HttpRequest) -> String {
    let here = req.uri().path_and_query().map_or("/", |p| p.as_str());
    if matches!(
        *req.method(),
        actix_web::http::Method::GET | actix_web::http::Method::HEAD
    ) {
        return here.to_string();
    }
    let from = req
        .headers()
        .get(header::REFERER)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<actix_web::http::Uri>().ok())
        .filter(|u| {
            u.authority()
                .is_some_and(|a| a.as_str() == req.connection_info().host())
        })
        // A form sent again from the page that answered it (a corrected sheet after a refused
        // one) came from this same path, which only takes forms.
        .filter(|u| u.path() != req.uri().path())
        .and_then(|u| u.path_and_query().map(|p| p.as_str().to_string()));
    from.unwrap_or_else(|| {
        let path = req.uri().path();
        match path.rsplit_once('/') {
            Some((parent, _)) if !parent.is_empty() => parent.to_string(),
            _ => "/".to_string(),
        }
    })
}

/// Where the switch may send the visitor back to: a path of this site, nothing else (`//host`
/// and `/\host` are other sites to a browser).
fn local_path(back: &str) -> &str {
    let is_local = back.starts_with('/')
        && !back.starts_with("//")
        && !back.starts_with("/\\")
        && !back.chars().any(char::is_control);
    if is_local { back } else { "/" }
}

/// `GET /language?to=fr&back=/tournaments/3`: remembers the choice for a year and goes back to
/// the page. A language the service does not speak is a 400.
pub async fn choose(choice: web::Query<Choice>) -> HttpResponse {
    let Some(lang) = Lang::from_code(&choice.to) else {
        return HttpResponse::BadRequest()
            .content_type("text/plain; charset=utf-8")
            .body(Lang::ENGLISH.t("language-unknown"));
    };
    let cookie = Cookie::build(COOKIE, lang.code())
        .path("/")
        .max_age(Duration::days(365))
        .same_site(SameSite::Lax)
        .http_only(true)
        .finish();
    HttpResponse::SeeOther()
        .insert_header((header::LOCATION, local_path(&choice.back)))
        .cookie(cookie)
        .finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tournaments_pages_are_found_by_their_path() {
        assert_eq!(tournament_of("/tournaments/12"), Some(TournamentId(12)));
        assert_eq!(
            tournament_of("/tournaments/12/rounds/3/print"),
            Some(TournamentId(12))
        );
        assert_eq!(tournament_of("/tournaments/12.ogn"), Some(TournamentId(12)));
        assert_eq!(tournament_of("/tournaments/new"), None);
        assert_eq!(tournament_of("/games/12"), None);
    }

    #[test]
    fn the_switch_goes_back_only_to_this_site() {
        assert_eq!(local_path("/tournaments/3?x=1"), "/tournaments/3?x=1");
        assert_eq!(local_path("//evil.example/"), "/");
        assert_eq!(local_path("/\\evil.example/"), "/");
        assert_eq!(local_path("https://evil.example/"), "/");
        assert_eq!(local_path(""), "/");
        assert_eq!(local_path("/a\nb"), "/");
    }
}
