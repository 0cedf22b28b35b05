//! The actor of a request, from its session. The service checks what each actor may do; these
//! early checks only answer a request that cannot succeed (a visitor, a player on a staff route)
//! before its body is read.

use crate::auth::UserSession;
use crate::service::{Actor, ServiceError};

/// Whoever sent the request: someone signed in, or a visitor.
pub fn actor(session: &UserSession) -> Actor {
    Actor::from(session.identity().ok().flatten())
}

/// The staff member signed in, or 401 (403 for a player).
pub fn staff(session: &UserSession) -> Result<Actor, ServiceError> {
    let actor = Actor::from(session.identity()?);
    actor.staff()?;
    Ok(actor)
}

/// The organiser signed in, or 401/403.
pub fn organiser(session: &UserSession) -> Result<Actor, ServiceError> {
    let actor = staff(session)?;
    actor.organiser()?;
    Ok(actor)
}
