//! The audit log, read in the browser by organisers (everything) and controllers (their
//! tournaments).

use actix_web::{HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

use super::AppState;
use super::access;
use super::error::{ApiError, PageError};
use super::pages::Nav;
use crate::db::models::AuditEntry;
use crate::service::audit;
use crate::service::audit::action_said;
use crate::tournament::TournamentId;
use crate::web::language::Visitor;

#[derive(Deserialize)]
struct Filter {
    tournament: Option<TournamentId>,
}

#[derive(Template, WebTemplate)]
#[template(path = "audit/list.html")]
struct ListPage {
    nav: Nav,
    tournament: Option<TournamentId>,
    entries: Vec<AuditEntry>,
}

impl ListPage {
    /// What was done, in words: `game.sheet` → "score sheet sent".
    fn action(&self, e: &AuditEntry) -> String {
        super::refusals::said(self.nav.lang, &action_said(&e.action))
    }

    /// A recorded state as lines of "what: value".
    fn fields(&self, json: &Option<String>) -> Vec<(String, String)> {
        json.as_deref().map(readable).unwrap_or_default()
    }
}

/// A recorded state (JSON) as lines of "what: value", nested objects' keys joined; text that
/// is not JSON as it is.
fn readable(json: &str) -> Vec<(String, String)> {
    fn key(k: &str) -> String {
        k.replace('_', " ")
    }
    fn value(v: &serde_json::Value) -> String {
        match v {
            serde_json::Value::Null => "none".to_string(),
            serde_json::Value::Bool(true) => "yes".to_string(),
            serde_json::Value::Bool(false) => "no".to_string(),
            serde_json::Value::String(s) => s.clone(),
            serde_json::Value::Array(items) => {
                items.iter().map(value).collect::<Vec<_>>().join("; ")
            }
            serde_json::Value::Object(map) => map
                .iter()
                .map(|(k, v)| format!("{} {}", key(k), value(v)))
                .collect::<Vec<_>>()
                .join(", "),
            other => other.to_string(),
        }
    }
    match serde_json::from_str::<serde_json::Value>(json) {
        Ok(serde_json::Value::Object(map)) => map.iter().map(|(k, v)| (key(k), value(v))).collect(),
        Ok(other) => vec![(String::new(), value(&other))],
        Err(_) => vec![(String::new(), json.to_string())],
    }
}

async fn list_page(
    state: web::Data<AppState>,
    session: Visitor,
    filter: web::Query<Filter>,
) -> Result<ListPage, PageError> {
    let actor = access::staff(&session)?;
    let tournament = filter.tournament;
    let entries = state
        .db(move |conn| audit::entries(conn, &actor, tournament))
        .await?;
    Ok(ListPage {
        nav: Nav::new(&session),
        tournament: filter.tournament,
        entries,
    })
}

pub fn page_routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/audit", web::get().to(list_page));
}

async fn api_list(
    state: web::Data<AppState>,
    session: Visitor,
    filter: web::Query<Filter>,
) -> Result<HttpResponse, ApiError> {
    let actor = access::staff(&session)?;
    let tournament = filter.tournament;
    let entries = state
        .db(move |conn| audit::entries(conn, &actor, tournament))
        .await?;
    Ok(HttpResponse::Ok().json(entries))
}

pub fn api_routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/audit", web::get().to(api_list));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_recorded_state_reads_as_lines() {
        let lines = readable(
            r#"{"status":"pending","seeds":[26,20],"north_id":null,"moves_required":true,"names":{"south":"Ama"}}"#,
        );
        assert!(lines.contains(&("status".to_string(), "pending".to_string())));
        assert!(lines.contains(&("seeds".to_string(), "26; 20".to_string())));
        assert!(lines.contains(&("north id".to_string(), "none".to_string())));
        assert!(lines.contains(&("moves required".to_string(), "yes".to_string())));
        assert!(lines.contains(&("names".to_string(), "south Ama".to_string())));
        assert_eq!(
            readable("removed board 2"),
            [(String::new(), "removed board 2".to_string())]
        );
        use crate::locale::Lang;
        let words =
            |lang: Lang, action: &str| super::super::refusals::said(lang, &action_said(action));
        assert_eq!(words(Lang::ENGLISH, "game.sheet"), "score sheet sent");
        assert_eq!(words(Lang::ENGLISH, "thing.new_kind"), "thing new kind");
        let fr = Lang::from_code("fr").unwrap();
        assert_eq!(words(fr, "game.sheet"), "feuille de partie envoyée");
    }
}
