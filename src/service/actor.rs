//! Who acts, and what they may do: the role checks every command makes.

use diesel::sqlite::SqliteConnection;

use super::{Found, ServiceError};
use crate::auth::{Identity, Role};
use crate::db::queries;
use crate::tournament::{AccountId, PlayerId, TournamentId};

/// Whoever asks for a command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Actor {
    /// Someone signed in (or a player whose PIN was just checked).
    Signed(Identity),
    /// A visitor who is not signed in.
    Visitor,
    /// Whoever runs the command line on the server's machine.
    CommandLine,
}

/// A signed-in staff member.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Staff {
    pub account_id: AccountId,
    pub username: String,
    pub role: Role,
}

impl From<Option<Identity>> for Actor {
    fn from(identity: Option<Identity>) -> Self {
        identity.map_or(Actor::Visitor, Actor::Signed)
    }
}

impl From<Staff> for Actor {
    fn from(s: Staff) -> Self {
        Actor::Signed(Identity::Staff {
            account_id: s.account_id,
            username: s.username,
            role: s.role,
        })
    }
}

impl Actor {
    /// How the audit log names the actor.
    pub fn name(&self) -> String {
        match self {
            Actor::Signed(Identity::Staff { username, role, .. }) => format!("{role} {username}"),
            Actor::Signed(Identity::Player {
                player_id, name, ..
            }) => format!("player {name} (#{player_id})"),
            Actor::Visitor => "visitor".to_string(),
            Actor::CommandLine => "command line".to_string(),
        }
    }

    /// The staff member acting, or why not: 401 for a visitor, 403 for a player.
    pub fn staff(&self) -> Result<Staff, ServiceError> {
        match self {
            Actor::Signed(Identity::Staff {
                account_id,
                username,
                role,
            }) => Ok(Staff {
                account_id: *account_id,
                username: username.clone(),
                role: *role,
            }),
            Actor::Signed(Identity::Player { .. }) => Err(ServiceError::Forbidden(crate::said!(
                "players-may-not-do-controller"
            ))),
            Actor::Visitor | Actor::CommandLine => Err(ServiceError::Unauthenticated),
        }
    }

    /// The organiser acting, or why not.
    pub fn organiser(&self) -> Result<Staff, ServiceError> {
        let staff = self.staff()?;
        if staff.role == Role::Organiser {
            Ok(staff)
        } else {
            Err(ServiceError::Forbidden(crate::said!(
                "only-organiser-may-do"
            )))
        }
    }

    /// The player acting in this tournament, if the actor is one.
    pub fn player_in(&self, tournament: TournamentId) -> Option<PlayerId> {
        match self {
            Actor::Signed(Identity::Player {
                player_id,
                tournament_id,
                ..
            }) if *tournament_id == tournament => Some(*player_id),
            _ => None,
        }
    }

    /// Whether the actor runs the tournament: an organiser, or a controller assigned to it.
    pub fn runs(
        &self,
        conn: &mut SqliteConnection,
        tournament: TournamentId,
    ) -> Result<bool, ServiceError> {
        match self {
            Actor::Signed(Identity::Staff { .. }) => self.staff()?.may_run(conn, tournament),
            _ => Ok(false),
        }
    }

    /// Refuses unless the actor runs the tournament (which must exist).
    pub fn check_runs(
        &self,
        conn: &mut SqliteConnection,
        tournament: TournamentId,
    ) -> Result<Staff, ServiceError> {
        let staff = self.staff()?;
        staff.check_runs(conn, tournament)?;
        Ok(staff)
    }
}

impl Actor {
    /// Refuses unless the actor runs the tournament or is the command line on the server's
    /// machine, which reads everything (its exports, its static site); the tournament must
    /// exist.
    pub fn check_reads_all(
        &self,
        conn: &mut SqliteConnection,
        tournament: TournamentId,
    ) -> Result<(), ServiceError> {
        match self {
            Actor::CommandLine => queries::get_tournament(conn, tournament)
                .or_not_found("tournament")
                .map(drop),
            _ => self.check_runs(conn, tournament).map(drop),
        }
    }
}

impl Staff {
    /// Organisers run every tournament; a controller only those assigned to them.
    pub fn may_run(
        &self,
        conn: &mut SqliteConnection,
        tournament: TournamentId,
    ) -> Result<bool, ServiceError> {
        Ok(self.role == Role::Organiser
            || queries::is_controller_of(conn, self.account_id, tournament)?)
    }

    /// Refuses unless this staff member runs the tournament (which must exist).
    pub fn check_runs(
        &self,
        conn: &mut SqliteConnection,
        tournament: TournamentId,
    ) -> Result<(), ServiceError> {
        queries::get_tournament(conn, tournament).or_not_found("tournament")?;
        if self.may_run(conn, tournament)? {
            Ok(())
        } else {
            Err(ServiceError::Forbidden(crate::said!(
                "tournament-not-assigned-your-account"
            )))
        }
    }
}
