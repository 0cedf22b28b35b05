//! What every page shows: the navigation with who is signed in and the CSRF token its forms
//! carry.

use crate::auth::{Identity, Role, UserSession};
use crate::locale::{Arg, Lang, ToArg};
use crate::web::language::Visitor;

crate::csrf_in_field!(CsrfOnly);

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
    /// The language of the page.
    pub lang: Lang,
    /// The page's own address, for the language switch to come back to.
    pub here: String,
}

impl Nav {
    /// The navigation of a page. Anonymous visitors get no CSRF token (and so no session
    /// cookie) unless the page has a form: see [`Nav::with_form`].
    pub fn new(visitor: &Visitor) -> Nav {
        Nav {
            here: visitor.path.clone(),
            ..Nav::of_session(&visitor.session, visitor.lang)
        }
    }

    /// The navigation of a session in `lang`.
    fn of_session(session: &UserSession, lang: Lang) -> Nav {
        let identity = session.identity().ok().flatten();
        let csrf = if identity.is_some() {
            session.csrf_token()
        } else {
            String::new()
        };
        match identity {
            Some(Identity::Staff { username, role, .. }) => Nav {
                user: Some(lang.t_with(
                    "nav-staff-user",
                    &[("name", username.into()), ("role", role.to_string().into())],
                )),
                staff: true,
                organiser: role == Role::Organiser,
                player_tournament: None,
                csrf,
                lang,
                ..Nav::default()
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
                lang,
                ..Nav::default()
            },
            None => Nav {
                csrf,
                lang,
                ..Nav::default()
            },
        }
    }
}

impl Nav {
    /// The navigation of a page with a form that anonymous visitors submit (sign-in).
    pub fn with_form(visitor: &Visitor) -> Nav {
        Nav {
            csrf: visitor.csrf_token(),
            ..Nav::new(visitor)
        }
    }

    /// The page in `lang` (a tournament's own language, for a visitor who named none).
    pub fn in_lang(self, lang: Lang) -> Nav {
        Nav { lang, ..self }
    }

    /// The message `key` in the page's language.
    pub fn t(&self, key: &str) -> String {
        self.lang.t(key)
    }

    /// Facts kept in a row (or a sentence written before they were), in the page's language.
    pub fn kept(&self, kept: &crate::tournament::said::Kept) -> String {
        crate::wording::refusals::kept(self.lang, kept)
    }

    /// A setting's name as a label (`audit-field-<name>`, which the audit log shows too).
    pub fn setting(&self, name: &str) -> String {
        let words = self.lang.t(&format!("audit-field-{name}"));
        let mut letters = words.chars();
        letters
            .next()
            .map(|first| first.to_uppercase().chain(letters).collect())
            .unwrap_or_default()
    }

    /// A refusal or a problem (a message of the files with its facts) in the page's language.
    pub fn said(&self, s: &crate::tournament::said::Said) -> String {
        crate::wording::refusals::said(self.lang, s)
    }

    /// The message `key` with one argument.
    pub fn t1(&self, key: &str, name: &str, value: impl ToArg) -> String {
        self.lang.t1(key, name, value)
    }

    /// The message `key` with two arguments, named and given in turn.
    pub fn t2(&self, key: &str, n1: &str, v1: impl ToArg, n2: &str, v2: impl ToArg) -> String {
        self.lang.t2(key, n1, v1, n2, v2)
    }

    /// The message `key` with three arguments.
    #[allow(clippy::too_many_arguments)]
    pub fn t3(
        &self,
        key: &str,
        n1: &str,
        v1: impl ToArg,
        n2: &str,
        v2: impl ToArg,
        n3: &str,
        v3: impl ToArg,
    ) -> String {
        self.lang.t3(key, n1, v1, n2, v2, n3, v3)
    }

    /// A moment in UTC as the page's language writes it.
    pub fn datetime(&self, at: &chrono::NaiveDateTime) -> String {
        self.lang.datetime(*at)
    }

    /// The attributes of a page's "Printed" time for `print.js`, which writes the moment the
    /// page is printed as every page writes a moment (`1 December 2026 at 21:37 UTC`), in the
    /// page's language, not the printing browser's.
    pub fn printed_attributes(&self) -> String {
        let escape = |text: &str| {
            text.replace('&', "&amp;")
                .replace('"', "&quot;")
                .replace('<', "&lt;")
                .replace('>', "&gt;")
        };
        let months = serde_json::to_string(&self.lang.months()).unwrap_or_default();
        format!(
            "data-printed-at data-pattern=\"{}\" data-pattern-first=\"{}\" data-months=\"{}\"",
            escape(&self.lang.datetime_pattern(false)),
            escape(&self.lang.datetime_pattern(true)),
            escape(&months)
        )
    }

    /// A time of day (of a moment in UTC) as the page's language writes it: `14:05`, `14 h 05`.
    pub fn time(&self, at: &chrono::NaiveDateTime) -> String {
        self.lang.time(at.time())
    }

    /// Where a game's result stands.
    pub fn status(&self, status: &crate::tournament::GameStatus) -> String {
        crate::wording::words::status(self.lang, status)
    }

    /// How a sheet says the game ended.
    pub fn end_kind(&self, end: &crate::tournament::sheets::EndKind) -> String {
        crate::wording::words::end_kind(self.lang, end)
    }

    /// Why a game ended.
    pub fn end_reason(&self, reason: &crate::engine::EndReason) -> String {
        crate::wording::words::end_reason(self.lang, *reason)
    }

    /// A tournament's pairing system.
    pub fn pairing(&self, t: &crate::service::tournaments::TournamentView) -> String {
        crate::wording::words::pairing(self.lang, t)
    }

    /// How players level on points are ordered.
    pub fn tie_policy(&self, policy: &crate::tournament::TiePolicy) -> String {
        crate::wording::words::tie_policy(self.lang, policy)
    }

    /// What the standings' score column counts.
    pub fn score_heading(&self, t: &crate::service::tournaments::TournamentView) -> String {
        crate::wording::words::score_heading(self.lang, t)
    }

    /// The tournament's points for each result.
    pub fn points_text(&self, t: &crate::service::tournaments::TournamentView) -> String {
        crate::wording::words::points_text(self.lang, t)
    }

    /// What a pairing plays.
    pub fn matches(&self, m: &crate::tournament::match_format::MatchFormat) -> String {
        crate::wording::words::matches(self.lang, m)
    }

    /// A round's times.
    pub fn round_times(&self, r: &crate::service::schedule::RoundTimes) -> String {
        crate::wording::words::round_times(self.lang, r)
    }

    /// A tournament's dates.
    pub fn dates(&self, t: &crate::service::tournaments::TournamentView) -> String {
        crate::wording::words::dates(self.lang, t.start_date, t.end_date)
    }

    /// An event's dates, as the language writes them.
    pub fn event_dates(&self, e: &crate::service::events::EventView) -> String {
        crate::wording::words::dates(self.lang, e.start_date, e.end_date)
    }

    /// A tie-break's name.
    pub fn tiebreak(&self, t: &crate::tournament::Tiebreak) -> String {
        crate::wording::words::tiebreak(self.lang, t)
    }

    /// An amount of money with its currency, as the page's language writes it.
    pub fn money(&self, currency: &str, amount: &crate::tournament::money::Money) -> String {
        crate::wording::prizes::money(self.lang, currency, amount)
    }

    /// A pool of tied players' prizes, as one sentence.
    pub fn pool(&self, currency: &str, pool: &crate::service::prizes::PoolView) -> String {
        crate::wording::prizes::pool(self.lang, currency, pool)
    }

    /// A number with the page language's decimal mark.
    pub fn decimal(&self, value: f64) -> String {
        self.lang.decimal(value)
    }

    /// What the pages' scripts say, in the page's language (a JSON script element).
    pub fn script_words(&self) -> String {
        crate::wording::words::script_words(self.lang)
    }

    /// Every language, its code and its own name (for a choice of language).
    pub fn language_names(&self) -> Vec<(&'static str, String)> {
        Lang::all().map(|l| (l.code(), l.name())).collect()
    }

    /// The switch to every other language: its code, its own name and the address that
    /// chooses it and comes back here.
    pub fn languages(&self) -> Vec<(&'static str, String, String)> {
        Lang::all()
            .filter(|l| *l != self.lang)
            .map(|l| {
                let back = query_value(&self.here);
                (
                    l.code(),
                    l.name(),
                    format!("/language?to={}&back={back}", l.code()),
                )
            })
            .collect()
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

/// A path as the value of a query parameter: its `%`, `&` and `+` escaped, its slashes kept.
fn query_value(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for c in path.chars() {
        match c {
            '%' => out.push_str("%25"),
            '&' => out.push_str("%26"),
            '+' => out.push_str("%2B"),
            '#' => out.push_str("%23"),
            c => out.push(c),
        }
    }
    out
}

/// Ids given to a message as they are shown.
macro_rules! id_to_arg {
    ($($t:ty),*) => {$(
        impl ToArg for $t {
            fn to_arg(&self) -> Arg {
                Arg::Text(self.to_string())
            }
        }
    )*};
}
id_to_arg!(
    crate::tournament::TournamentId,
    crate::tournament::PlayerId,
    crate::tournament::GameId,
    crate::tournament::RoundId,
    crate::tournament::EventId,
    crate::tournament::AccountId
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_language_switch_comes_back_to_the_same_page() {
        let nav = Nav {
            here: "/tournaments/3/standings?after=2&category=Under+12".to_string(),
            ..Nav::default()
        };
        let (code, name, href) = nav.languages().into_iter().find(|l| l.0 == "fr").unwrap();
        assert_eq!((code, name.as_str()), ("fr", "Français"));
        assert_eq!(
            href,
            "/language?to=fr&back=/tournaments/3/standings?after=2%26category=Under%2B12"
        );
        let query = href.split_once('?').unwrap().1;
        let back: Vec<(String, String)> = serde_urlencoded::from_str(query).unwrap();
        assert_eq!(back[1].1, nav.here);
    }
}
