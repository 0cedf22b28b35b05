//! One push on the wire, from the venue to its hub (`docs/publishing.md`): the request sent on a
//! thread of its own, and the hub's answer read as what it took, its refusal in its words, or a
//! hub that could not be reached.

use std::time::Duration;

use super::hub::Received;
use crate::tournament::said::{Said, Word};

/// What the hub answered a push.
pub(super) enum Answer {
    Received(Received),
    /// The hub answered and will not take this version (with its words).
    Refused(Said),
    /// The hub could not be reached, or failed: tried again later.
    Unreachable(Said),
}

/// The longest a push may take (a big tournament over a slow link).
const PUSH_TIMEOUT: Duration = Duration::from_secs(120);

/// Sends one push (blocking: run off the async threads), asking the hub to answer in the
/// tournament's language.
pub(super) fn send(hub: &str, token: &str, language: &str, body: &[u8]) -> Answer {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .timeout_global(Some(PUSH_TIMEOUT))
        .timeout_connect(Some(Duration::from_secs(10)))
        .http_status_as_error(false)
        .build()
        .into();
    let answer = agent
        .put(&format!("{hub}/api/hub/publish"))
        .header("Authorization", &format!("Bearer {token}"))
        .header("Content-Type", "application/json")
        .header("Accept-Language", language)
        .send(body);
    let mut answer = match answer {
        Ok(answer) => answer,
        Err(e) => {
            return Answer::Unreachable(crate::said!("hub-unreachable", error = e.to_string()));
        }
    };
    let status = answer.status().as_u16();
    let text = answer
        .body_mut()
        .with_config()
        .limit(64 * 1024)
        .read_to_string()
        .unwrap_or_default();
    // The hub's facts (worded for each reader here), else its own words, else what its
    // answer says when it has neither.
    let answer = serde_json::from_str::<serde_json::Value>(&text).ok();
    let error = answer.as_ref().map(|v| &v["error"]);
    let words = error
        .and_then(|e| e["message"].as_str())
        .map(str::to_string);
    let facts = error.and_then(|e| serde_json::from_value::<Said>(e["said"].clone()).ok());
    let message: Word = match (facts, words) {
        (Some(said), Some(words)) => Word::Sent {
            said: Box::new(said),
            words,
        },
        (Some(said), None) => said.into(),
        (None, Some(words)) => words.into(),
        (None, None) => crate::said!("hub-answered", status).into(),
    };
    match status {
        200 => match serde_json::from_str::<Received>(&text) {
            Ok(received) => Answer::Received(received),
            Err(_) => Answer::Unreachable(crate::said!("hub-not-a-hub", hub = hub.to_string())),
        },
        400..=499 if status != 408 && status != 429 => {
            Answer::Refused(crate::said!("hub-refused", message))
        }
        _ => Answer::Unreachable(crate::said!("hub-failed", status, message)),
    }
}

/// Runs a push on a thread of its own and waits for it without holding an async thread: a hub
/// that never answers holds only that thread, and the service stops without waiting for it
/// (the push is sent again from the database at the next start).
pub(super) async fn on_its_own_thread(push: impl FnOnce() -> Answer + Send + 'static) -> Answer {
    let (done, outcome) = tokio::sync::oneshot::channel();
    let started = std::thread::Builder::new()
        .name("hub-push".to_string())
        .spawn(move || {
            let _ = done.send(push());
        });
    if let Err(e) = started {
        return Answer::Unreachable(crate::said!("hub-unreachable", error = e.to_string()));
    }
    outcome.await.unwrap_or_else(|e| {
        Answer::Unreachable(crate::said!("hub-unreachable", error = e.to_string()))
    })
}
