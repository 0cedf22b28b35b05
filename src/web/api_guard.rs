//! The JSON API takes only JSON bodies (CSV where it imports): a browser form posted from
//! another site is refused before any handler runs.

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::error::JsonPayloadError;
use actix_web::http::{Method, header};
use actix_web::middleware::Next;

use super::error::ApiError;
use crate::service::ServiceError;

/// Refuses a request whose body is not JSON (or CSV on an import route).
pub async fn check_content_type(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    if req.method() != Method::GET && req.method() != Method::HEAD {
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
        let allowed = match content_type.as_deref() {
            // No body at all (DELETE /api/session, for one).
            None => true,
            Some("application/json") => !csv_route,
            Some("text/csv") => csv_route,
            Some(_) => false,
        };
        if !allowed {
            let wanted = if csv_route {
                "text/csv"
            } else {
                "application/json"
            };
            return Err(ApiError(ServiceError::UnsupportedMedia(format!(
                "this route takes {wanted} bodies"
            )))
            .into());
        }
    }
    next.call(req).await
}

/// A JSON body that cannot be read, as the API's error.
pub fn json_error(err: JsonPayloadError) -> ApiError {
    ApiError(match err {
        JsonPayloadError::OverflowKnownLength { length, limit } => {
            ServiceError::TooLarge(format!("the body has {length} bytes; the limit is {limit}"))
        }
        JsonPayloadError::Overflow { limit } => {
            ServiceError::TooLarge(format!("the body is over the limit of {limit} bytes"))
        }
        JsonPayloadError::ContentType => {
            ServiceError::UnsupportedMedia("this route takes application/json bodies".to_string())
        }
        JsonPayloadError::Deserialize(e) => {
            ServiceError::BadRequest(format!("the JSON body is not what this route takes: {e}"))
        }
        other => ServiceError::BadRequest(format!("the body could not be read: {other}")),
    })
}
