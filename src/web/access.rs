//! Who may do what: the role checks every mutating route makes.

use diesel::sqlite::SqliteConnection;

use super::error::AppError;
use crate::auth::{Identity, Role, UserSession};
use crate::db::queries;

/// A signed-in staff member.
#[derive(Clone, Debug)]
pub struct Staff {
    pub account_id: i32,
    pub username: String,
    pub role: Role,
}

impl Staff {
    pub fn identity(&self) -> Identity {
        Identity::Staff {
            account_id: self.account_id,
            username: self.username.clone(),
            role: self.role,
        }
    }

    pub fn actor(&self) -> String {
        self.identity().actor()
    }

    pub fn is_organiser(&self) -> bool {
        self.role == Role::Organiser
    }

    /// Organisers run every tournament; a controller only those assigned to them.
    pub fn may_run(
        &self,
        conn: &mut SqliteConnection,
        tournament_id: i32,
    ) -> Result<bool, AppError> {
        Ok(self.is_organiser() || queries::is_controller_of(conn, self.account_id, tournament_id)?)
    }

    /// Refuses unless this staff member runs the tournament (which must exist).
    pub fn check_runs(
        &self,
        conn: &mut SqliteConnection,
        tournament_id: i32,
    ) -> Result<(), AppError> {
        queries::get_tournament(conn, tournament_id)
            .map_err(|_| AppError::not_found("tournament"))?;
        if self.may_run(conn, tournament_id)? {
            Ok(())
        } else {
            Err(AppError::Forbidden(
                "this tournament is not assigned to your account".to_string(),
            ))
        }
    }
}

/// The staff member signed in, or 401.
pub fn staff(session: &UserSession) -> Result<Staff, AppError> {
    match session.identity()? {
        Some(Identity::Staff {
            account_id,
            username,
            role,
        }) => Ok(Staff {
            account_id,
            username,
            role,
        }),
        Some(Identity::Player { .. }) => Err(AppError::Forbidden(
            "players may not do this; a controller or organiser may".to_string(),
        )),
        None => Err(AppError::Unauthenticated),
    }
}

/// The organiser signed in, or 401/403.
pub fn organiser(session: &UserSession) -> Result<Staff, AppError> {
    let staff = staff(session)?;
    if staff.is_organiser() {
        Ok(staff)
    } else {
        Err(AppError::Forbidden(
            "only an organiser may do this".to_string(),
        ))
    }
}
