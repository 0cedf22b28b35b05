//! A file of players sent to the API: every bad row said, by its line, in the request's
//! language; rows naming registered players added or skipped as the controller says.

use actix_web::{HttpResponse, web};
use serde::{Deserialize, Serialize};

use super::error::{ApiError, Failure};
use super::players::{Imported, import_players};
use super::plumbing::access::Runs;
use crate::locale::Lang;
use crate::service::players::{Choices, Duplicate, PinSlip};
use crate::tournament::{ImportError, TournamentId, parse_player_csv};
use crate::web::language::Visitor;
use crate::web::plumbing::routes::Routes;
use crate::web::state::AppState;

/// A bad row of an import, worded in the request's language.
#[derive(Serialize)]
struct RowProblem {
    line: u64,
    message: String,
}

#[derive(Serialize)]
struct ImportResult {
    created: Vec<PinSlip>,
    errors: Vec<RowProblem>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    duplicates: Vec<Duplicate>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<serde_json::Value>,
}

async fn api_import(
    Runs(actor): Runs,
    state: web::Data<AppState>,
    session: Visitor,
    path: web::Path<TournamentId>,
    query: web::Query<ImportChoices>,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let tournament_id = path.into_inner();
    let text =
        super::plumbing::limits::text_body(payload, super::plumbing::limits::CSV_LIMIT, "the CSV")
            .await?;
    let players = match parse_player_csv(&text, super::csv_export::player_column) {
        Ok(players) => players,
        Err(errors) => return Ok(ImportResult::refused(session.lang, errors)),
    };
    let choices = Choices {
        add: rows(query.add.as_deref())?,
        skip: rows(query.skip.as_deref())?,
    };
    Ok(
        match import_players(&state, actor, tournament_id, players, choices).await? {
            Imported::Added(created) => HttpResponse::Created().json(ImportResult {
                created,
                errors: Vec::new(),
                duplicates: Vec::new(),
                error: None,
            }),
            Imported::Duplicates(duplicates) => ImportResult::undecided(session.lang, duplicates),
        },
    )
}

impl ImportResult {
    /// Bad rows: nothing imported.
    fn refused(lang: Lang, errors: Vec<ImportError>) -> HttpResponse {
        let message = lang.t1("import-bad-rows", "rows", errors.len());
        HttpResponse::UnprocessableEntity().json(ImportResult {
            created: Vec::new(),
            errors: errors
                .iter()
                .map(|e| RowProblem {
                    line: e.line,
                    message: crate::wording::refusals::said(lang, &e.message),
                })
                .collect(),
            duplicates: Vec::new(),
            error: Some(serde_json::json!({"code": "invalid", "message": message})),
        })
    }

    /// Rows naming registered players without a choice: nothing imported.
    fn undecided(lang: Lang, duplicates: Vec<Duplicate>) -> HttpResponse {
        let message = lang.t("import-undecided");
        HttpResponse::Conflict().json(ImportResult {
            created: Vec::new(),
            errors: Vec::new(),
            duplicates,
            error: Some(serde_json::json!({"code": "conflict", "message": message})),
        })
    }
}

/// The controller's choices for the rows of an import that name registered players.
#[derive(Deserialize)]
struct ImportChoices {
    add: Option<String>,
    skip: Option<String>,
}

/// Row numbers written as `2,5,7`.
fn rows(text: Option<&str>) -> Result<Vec<usize>, Failure> {
    text.unwrap_or_default()
        .split(',')
        .map(str::trim)
        .filter(|r| !r.is_empty())
        .map(|r| {
            r.parse()
                .map_err(|_| Failure::BadRequest(crate::said!("not-row-number", r)))
        })
        .collect()
}

pub fn api_routes(cfg: &mut Routes) {
    cfg.route(
        "/tournaments/{id}/players/import",
        web::post().to(api_import),
    );
}
