//! The time and connection limits of the server: a client that is slow on purpose (a request
//! head or body trickled a byte at a time, a connection left open) is cut off, and a flood of
//! such clients cannot use up the server's file descriptors.

use std::time::Duration;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;

use super::error::{ApiError, Failure, PageError};

/// The time a client has to send a request's head (its first line and headers).
pub const HEAD_TIMEOUT: Duration = Duration::from_secs(5);
/// The time a closing connection has to finish.
pub const DISCONNECT_TIMEOUT: Duration = Duration::from_secs(2);
/// How long an idle connection is kept open for the next request.
pub const KEEP_ALIVE: Duration = Duration::from_secs(15);
/// Connections each worker holds at once (two workers on two cores: 800, below the usual
/// limit of 1,024 open files); more wait in the listening socket's queue.
pub const CONNECTIONS_PER_WORKER: usize = 400;

/// Answers 408 when a request, body included, takes longer than `limit` from its head to its
/// answer.
pub async fn within(
    limit: Duration,
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let api = req.path().starts_with("/api/");
    match actix_web::rt::time::timeout(limit, next.call(req)).await {
        Ok(answer) => answer,
        Err(_) => {
            let e = Failure::TimedOut(format!(
                "the request took longer than {} s to arrive; send it again",
                limit.as_secs()
            ));
            Err(if api {
                ApiError(e).into()
            } else {
                PageError(e).into()
            })
        }
    }
}
