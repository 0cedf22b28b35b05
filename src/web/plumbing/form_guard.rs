//! HTML forms must be UTF-8: a form whose fields decode to anything else is refused (400) rather
//! than stored with U+FFFD in place of what was sent.

use actix_web::FromRequest;
use actix_web::body::MessageBody;
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::http::header;
use actix_web::middleware::Next;
use actix_web::web::Bytes;

use crate::service::ServiceError;
use crate::web::error::Failure;
use crate::web::error::PageError;
use crate::web::plumbing::limits::FORM_LIMIT;

/// Whether every name and value of a URL-encoded form decodes to UTF-8.
pub fn utf8_form(body: &[u8]) -> bool {
    body.split(|&b| b == b'&')
        .flat_map(|pair| pair.split(|&b| b == b'='))
        .all(|part| {
            let spaced: Vec<u8> = part
                .iter()
                .map(|&b| if b == b'+' { b' ' } else { b })
                .collect();
            let decoded: Vec<u8> = percent_decode(&spaced);
            std::str::from_utf8(&decoded).is_ok()
        })
}

fn percent_decode(bytes: &[u8]) -> Vec<u8> {
    let hex = |b: u8| (b as char).to_digit(16).map(|d| d as u8);
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match (
            bytes[i],
            bytes.get(i + 1).copied().and_then(hex),
            bytes.get(i + 2).copied().and_then(hex),
        ) {
            (b'%', Some(high), Some(low)) => {
                out.push(high << 4 | low);
                i += 3;
            }
            (b, _, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    out
}

/// Refuses a URL-encoded form that is not UTF-8; passes everything else on untouched.
pub async fn check(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let is_form = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/x-www-form-urlencoded"));
    if !is_form {
        return next.call(req).await;
    }
    let (http, mut payload) = req.into_parts();
    let body = Bytes::from_request(&http, &mut payload)
        .await
        .map_err(|e| {
            PageError(Failure::BadRequest(crate::said!(
                "form-could-not-read-2",
                error = e.to_string()
            )))
        })?;
    if body.len() > FORM_LIMIT {
        return Err(PageError::from(ServiceError::TooLarge(crate::said!(
            "form-over-limit-bytes",
            form_limit = FORM_LIMIT
        )))
        .into());
    }
    if !utf8_form(&body) {
        return Err(PageError(Failure::BadRequest(crate::said!("form-not-utf-8-text"))).into());
    }
    next.call(ServiceRequest::from_parts(http, Payload::from(body)))
        .await
}

#[cfg(test)]
mod tests {
    use super::utf8_form;

    #[test]
    fn forms_decode_to_utf8_or_are_refused() {
        assert!(utf8_form(b"name=Ama+Owusu&club=K%C3%B6ln&csrf=ab12"));
        assert!(utf8_form(b"moves=1.+C+f%0A2.+B"));
        assert!(!utf8_form(b"name=Ama%FF"));
        assert!(!utf8_form(b"name=%C3&club=x"));
        assert!(!utf8_form(b"na%E9me=x"));
    }
}
