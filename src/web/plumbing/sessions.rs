//! Sessions end on the server's word: every request's session is checked against the
//! generation of its owner's sessions (moved on by signing out, a new PIN, a withdrawal) and
//! against its idle and absolute limits; one that no longer holds is signed out before the
//! request goes on.

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::web;

use crate::auth::{Identity, UserSession};
use crate::service::ServiceError;
use crate::service::auth::Owner;
use crate::web::error::PageError;
use crate::web::state::AppState;

/// How often a session's last use is written back to its cookie.
const TOUCH_EVERY: i64 = 60;

/// Signs out a session that no longer holds, then lets the request go on.
pub async fn check(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let session = UserSession::of(req.request());
    if let Ok(Some(identity)) = session.identity()
        && let Some(state) = req.app_data::<web::Data<AppState>>().cloned()
    {
        let holds = holds(&state, &session, &identity)
            .await
            .map_err(PageError::from)?;
        if !holds {
            session.sign_out();
        }
    }
    next.call(req).await
}

async fn holds(
    state: &AppState,
    session: &UserSession,
    identity: &Identity,
) -> Result<bool, ServiceError> {
    let Some(stamp) = session.stamp() else {
        return Ok(false);
    };
    let now = chrono::Utc::now().timestamp();
    if stamp.expired(now) {
        return Ok(false);
    }
    let current = state
        .sessions
        .current(&state.service, Owner::of(identity))
        .await?;
    if current != Some(stamp.generation) {
        return Ok(false);
    }
    if now - stamp.seen > TOUCH_EVERY {
        session.touch(stamp, now);
    }
    Ok(true)
}

/// What keeps a stream opened by this session open (see `feeds::Still`): the session still
/// holds (not signed out, no new PIN, no withdrawal, within its time), and with `runs`, its
/// staff member still runs that tournament (read again after every write).
pub fn still(
    state: &web::Data<AppState>,
    session: &UserSession,
    runs: Option<crate::tournament::TournamentId>,
) -> Option<crate::web::live::feeds::Still> {
    let identity = session.identity().ok().flatten()?;
    let stamp = session.stamp()?;
    let state = state.clone();
    Some(Box::new(move |wrote: bool| {
        let (state, identity) = (state.clone(), identity.clone());
        Box::pin(async move {
            if stamp.expired(chrono::Utc::now().timestamp()) {
                return false;
            }
            let owner = Owner::of(&identity);
            if state.sessions.current(&state.service, owner).await.ok()
                != Some(Some(stamp.generation))
            {
                return false;
            }
            match runs {
                Some(tournament) if wrote => {
                    let actor = crate::service::Actor::from(Some(identity));
                    state
                        .db(move |conn| actor.check_runs(conn, tournament).map(|_| ()))
                        .await
                        .is_ok()
                }
                _ => true,
            }
        })
    }))
}
