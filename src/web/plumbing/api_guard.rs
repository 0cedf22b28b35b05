//! The JSON API takes only JSON bodies (CSV where it imports), and a change asked for by a page
//! of another site, even a sibling one the session cookie goes to, is refused before any handler
//! runs.

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::error::JsonPayloadError;
use actix_web::http::{Method, header};
use actix_web::middleware::Next;

use crate::service::ServiceError;
use crate::web::error::ApiError;
use crate::web::error::Failure;

/// Whether a request that changes something came from a page of another origin: the browser
/// says so in `Sec-Fetch-Site`, or (older browsers) in an `Origin` that is not this host.
/// Programs that are not browsers send neither, and are not refused here.
fn from_another_origin(req: &ServiceRequest) -> bool {
    let header = |name: &str| {
        req.headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::to_ascii_lowercase)
    };
    if let Some(site) = header("sec-fetch-site") {
        return site != "same-origin" && site != "none";
    }
    match (header("origin"), header("host")) {
        (Some(origin), Some(host)) => {
            let origin_host = origin.split_once("://").map_or(origin.as_str(), |(_, h)| h);
            origin_host != host
        }
        (Some(_), None) => true,
        (None, _) => false,
    }
}

/// Refuses a request whose body is not JSON (or CSV on an import route), and a change asked
/// for from another origin.
pub async fn check_content_type(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    if req.method() != Method::GET && req.method() != Method::HEAD {
        if from_another_origin(&req) {
            return Err(ApiError::from(ServiceError::Forbidden(crate::said!(
                "changes-through-api-come-site"
            )))
            .into());
        }
        let content_type = req
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .map(|v| {
                v.split(';')
                    .next()
                    .unwrap_or("")
                    .trim()
                    .to_ascii_lowercase()
            });
        let csv_route = req.path().ends_with("/import");
        let trf_route = req.path().ends_with("/import.trf");
        let allowed = match content_type.as_deref() {
            // No body at all (DELETE /api/session, for one); a body must say what it is.
            None => !has_body(&req),
            Some("application/json") => !csv_route && !trf_route,
            Some("text/csv") => csv_route,
            Some("text/plain") => trf_route,
            Some(_) => false,
        };
        if !allowed {
            let wanted = if csv_route {
                "text/csv"
            } else if trf_route {
                "text/plain (a TRF file)"
            } else {
                "application/json"
            };
            return Err(ApiError(Failure::UnsupportedMedia(crate::said!(
                "route-takes-bodies",
                wanted
            )))
            .into());
        }
    }
    next.call(req).await
}

/// Whether a request carries a body (a length above zero, or one sent in chunks).
pub fn has_body(req: &ServiceRequest) -> bool {
    let headers = req.headers();
    headers.contains_key(header::TRANSFER_ENCODING)
        || headers
            .get(header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.trim() != "0")
}

/// A JSON body that cannot be read, as the API's error.
pub fn json_error(err: JsonPayloadError) -> ApiError {
    ApiError(match err {
        JsonPayloadError::OverflowKnownLength { length, limit } => {
            ServiceError::TooLarge(crate::said!("body-has-bytes-limit", length, limit)).into()
        }
        JsonPayloadError::Overflow { limit } => {
            ServiceError::TooLarge(crate::said!("body-over-limit-bytes", limit)).into()
        }
        JsonPayloadError::ContentType => {
            Failure::UnsupportedMedia(crate::said!("route-takes-application-json-bodies"))
        }
        JsonPayloadError::Deserialize(e) => Failure::BadRequest(crate::said!(
            "json-body-not-what-route",
            error = e.to_string()
        )),
        other => Failure::BadRequest(crate::said!(
            "body-could-not-read",
            error = other.to_string()
        )),
    })
}
