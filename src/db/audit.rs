//! Reading the audit log: its entries by tournament, game, actor and action, a page at a time,
//! and what its filters offer.

use diesel::prelude::*;
use diesel::sqlite::SqliteConnection;

use super::models::AuditEntry;
use super::schema::audit_log;
use crate::tournament::TournamentId;

/// What the audit log is read for: the entries of these tournaments (all: none), of one game,
/// by one actor, of one action (`game.sheet`) or one kind (`game`), older than an entry.
#[derive(Clone, Debug, Default)]
pub struct AuditFilter {
    pub tournaments: Option<Vec<TournamentId>>,
    pub game: Option<i32>,
    pub actor: Option<String>,
    pub action: Option<String>,
    pub before: Option<i32>,
}

/// The entries `filter` asks for, newest first, at most `limit`.
pub fn list(
    conn: &mut SqliteConnection,
    filter: &AuditFilter,
    limit: i64,
) -> QueryResult<Vec<AuditEntry>> {
    let mut query = audit_log::table
        .order(audit_log::id.desc())
        .limit(limit)
        .select(AuditEntry::as_select())
        .into_boxed();
    if let Some(ids) = &filter.tournaments {
        query = query.filter(audit_log::tournament_id.eq_any(ids.clone()));
    }
    if let Some(game) = filter.game {
        query = query
            .filter(audit_log::entity.eq("game"))
            .filter(audit_log::entity_id.eq(game));
    }
    if let Some(actor) = &filter.actor {
        query = query.filter(audit_log::actor.eq(actor.clone()));
    }
    if let Some(action) = &filter.action {
        query = if action.contains('.') {
            query.filter(audit_log::action.eq(action.clone()))
        } else {
            query.filter(audit_log::action.like(format!("{action}.%")))
        };
    }
    if let Some(before) = filter.before {
        query = query.filter(audit_log::id.lt(before));
    }
    query.load(conn)
}

/// The actors and the actions of the entries of these tournaments (all: none), each once, for
/// the log's filters.
pub fn choices(
    conn: &mut SqliteConnection,
    tournaments: Option<&[TournamentId]>,
) -> QueryResult<(Vec<String>, Vec<String>)> {
    let mut actors = audit_log::table
        .select(audit_log::actor)
        .distinct()
        .order(audit_log::actor)
        .into_boxed();
    let mut actions = audit_log::table
        .select(audit_log::action)
        .distinct()
        .order(audit_log::action)
        .into_boxed();
    if let Some(ids) = tournaments {
        actors = actors.filter(audit_log::tournament_id.eq_any(ids.to_vec()));
        actions = actions.filter(audit_log::tournament_id.eq_any(ids.to_vec()));
    }
    Ok((actors.load(conn)?, actions.load(conn)?))
}
