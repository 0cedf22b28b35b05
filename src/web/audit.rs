//! The audit log, read in the browser by organisers (everything) and controllers (their
//! tournaments).

use actix_web::{HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

use super::error::{ApiError, PageError};
use super::pages::Nav;
use super::plumbing::access::Staff;
use crate::db::models::AuditEntry;
use crate::locale::Lang;
use crate::service::audit;
use crate::service::audit::action_said;
use crate::tournament::TournamentId;
use crate::web::language::Visitor;
use crate::web::plumbing::routes::Routes;
use crate::web::state::AppState;

/// Entries on a page of the log; the API gives up to 500 at once.
const PAGE: i64 = 50;
const API_MOST: i64 = 500;

/// How many entries the API gives (500 at most), beside the page's filters.
#[derive(Deserialize)]
struct Limit {
    limit: Option<i64>,
}

#[derive(Template, WebTemplate)]
#[template(path = "audit/list.html")]
struct ListPage {
    nav: Nav,
    asked: audit::Asked,
    /// Where the next, older page starts: its address.
    older: Option<String>,
    /// What the filters offer.
    actors: Vec<String>,
    actions: Vec<String>,
    tournaments: Vec<(TournamentId, String)>,
    /// This copy's own entries.
    entries: Vec<AuditEntry>,
    /// Entries that came inside a tournament file or a push, by who sent them: kept apart.
    sent: Vec<(String, Vec<AuditEntry>)>,
}

impl ListPage {
    /// What was done, in words: `game.sheet` → "score sheet sent".
    fn action(&self, e: &AuditEntry) -> String {
        crate::wording::refusals::said(self.nav.lang, &action_said(&e.action))
    }

    /// An action's code in words, for the filter's choices.
    fn action_words(&self, code: &str) -> String {
        crate::wording::refusals::said(self.nav.lang, &action_said(code))
    }

    fn chosen(&self, value: &Option<String>, option: &str) -> bool {
        value.as_deref() == Some(option)
    }

    /// A recorded state as lines of "what: value".
    fn fields(&self, json: &Option<String>) -> Vec<(String, String)> {
        json.as_deref()
            .map(|json| readable(self.nav.lang, json))
            .unwrap_or_default()
    }
}

/// A recorded state (JSON) as lines of "what: value" in the reader's language, nested objects'
/// keys joined; text that is not JSON as it is. A field is named by its message
/// (`audit-field-<name>`), or by its name when it has none; values are as recorded (codes
/// stay codes), but for "none", "yes" and "no".
fn readable(lang: Lang, json: &str) -> Vec<(String, String)> {
    let key = |k: &str| {
        let message = format!("audit-field-{k}");
        let words = lang.t(&message);
        if words == message {
            k.replace('_', " ")
        } else {
            words
        }
    };
    fn value(lang: Lang, key: &dyn Fn(&str) -> String, v: &serde_json::Value) -> String {
        match v {
            serde_json::Value::Null => lang.t("audit-none"),
            serde_json::Value::Bool(true) => lang.t("yes"),
            serde_json::Value::Bool(false) => lang.t("no"),
            serde_json::Value::String(s) => s.clone(),
            serde_json::Value::Array(items) => {
                let items: Vec<String> = items.iter().map(|v| value(lang, key, v)).collect();
                items.join(&lang.t("problems-separator"))
            }
            serde_json::Value::Object(map) => map
                .iter()
                .map(|(k, v)| format!("{} {}", key(k), value(lang, key, v)))
                .collect::<Vec<_>>()
                .join(", "),
            serde_json::Value::Number(n) => match n.as_f64() {
                Some(x) if n.is_f64() => lang.decimal(x),
                _ => n.to_string(),
            },
        }
    }
    match serde_json::from_str::<serde_json::Value>(json) {
        Ok(serde_json::Value::Object(map)) => map
            .iter()
            .map(|(k, v)| (key(k), value(lang, &key, v)))
            .collect(),
        Ok(other) => vec![(String::new(), value(lang, &key, &other))],
        Err(_) => vec![(String::new(), json.to_string())],
    }
}

async fn list_page(
    Staff(actor): Staff,
    state: web::Data<AppState>,
    session: Visitor,
    asked: web::Query<audit::Asked>,
) -> Result<ListPage, PageError> {
    let asked = asked.into_inner();
    let reading = asked.clone();
    let page = state
        .db(move |conn| audit::entries(conn, &actor, &reading, PAGE))
        .await?;
    let (sent_entries, entries): (Vec<AuditEntry>, Vec<AuditEntry>) =
        page.entries.into_iter().partition(|e| e.sender.is_some());
    let mut sent: Vec<(String, Vec<AuditEntry>)> = Vec::new();
    for e in sent_entries {
        let sender = e.sender.clone().unwrap_or_default();
        match sent.iter_mut().find(|(s, _)| *s == sender) {
            Some((_, list)) => list.push(e),
            None => sent.push((sender, vec![e])),
        }
    }
    // The next page: the same filters, older than the last entry shown.
    let older = page.older.map(|before| {
        let next = audit::Asked {
            before: Some(before),
            ..asked.clone()
        };
        format!(
            "/audit?{}",
            serde_urlencoded::to_string(&next).unwrap_or_default()
        )
    });
    Ok(ListPage {
        nav: Nav::new(&session),
        asked,
        older,
        actors: page.actors,
        actions: page.actions,
        tournaments: page.tournaments,
        entries,
        sent,
    })
}

pub fn page_routes(cfg: &mut Routes) {
    cfg.route("/audit", web::get().to(list_page));
}

async fn api_list(
    Staff(actor): Staff,
    state: web::Data<AppState>,
    asked: web::Query<audit::Asked>,
    limit: web::Query<Limit>,
) -> Result<HttpResponse, ApiError> {
    let asked = asked.into_inner();
    let size = limit.limit.unwrap_or(API_MOST).clamp(1, API_MOST);
    let page = state
        .db(move |conn| audit::entries(conn, &actor, &asked, size))
        .await?;
    Ok(HttpResponse::Ok().json(page.entries))
}

pub fn api_routes(cfg: &mut Routes) {
    cfg.route("/audit", web::get().to(api_list));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_recorded_state_reads_as_lines() {
        let state = r#"{"status":"pending","seeds":[26,20],"north_id":null,"moves_required":true,"names":{"south":"Ama"},"points_win":1.5}"#;
        let lines = readable(Lang::ENGLISH, state);
        let has = |lines: &[(String, String)], k: &str, v: &str| {
            lines.contains(&(k.to_string(), v.to_string()))
        };
        assert!(has(&lines, "status", "pending"));
        assert!(has(&lines, "seeds", "26; 20"));
        assert!(has(&lines, "North", "none"));
        assert!(
            has(&lines, "moves required", "yes"),
            "a field without words"
        );
        assert!(has(&lines, "names", "South Ama"));
        assert!(has(&lines, "points for a win", "1.5"));
        assert_eq!(
            readable(Lang::ENGLISH, "removed board 2"),
            [(String::new(), "removed board 2".to_string())]
        );
        // In French: the fields' names, "none", "yes", numbers and lists as French writes them.
        let fr = Lang::from_code("fr").unwrap();
        let lines = readable(fr, state);
        assert!(has(&lines, "état", "pending"));
        assert!(has(&lines, "Nord", "aucun"));
        assert!(has(&lines, "moves required", "oui"));
        assert!(has(&lines, "names", "Sud Ama"));
        assert!(has(&lines, "points de la victoire", "1,5"));
        let words =
            |lang: Lang, action: &str| crate::wording::refusals::said(lang, &action_said(action));
        assert_eq!(words(Lang::ENGLISH, "game.sheet"), "score sheet sent");
        assert_eq!(words(Lang::ENGLISH, "thing.new_kind"), "thing new kind");
        let fr = Lang::from_code("fr").unwrap();
        assert_eq!(words(fr, "game.sheet"), "feuille de partie envoyée");
    }
}
