//! The service's refusals and the domain's problems (kept as [`Said`]: a message key and its
//! facts) worded in the page's language.

use crate::locale::{Arg, Lang};
use crate::service::ServiceError;
use crate::tournament::said::{Kept, Said, Word};

/// `s` in `lang`: its arguments worded first (numbers as the language writes them, messages
/// inside it in the same language, lists joined as the language joins them).
pub fn said(lang: impl Into<Lang>, s: &Said) -> String {
    let lang = lang.into();
    let args: Vec<(&str, Arg)> = s
        .args
        .iter()
        .map(|(name, word)| {
            let arg = match word {
                Word::Number(n) => Arg::Number(*n),
                Word::Text(t) => Arg::Text(t.clone()),
                Word::Said(inner) => Arg::Text(said(lang, inner)),
                Word::Sent { said: sent, words } => Arg::Text(if sent.all_keys(&mut Lang::knows) {
                    said(lang, sent)
                } else {
                    words.clone()
                }),
                Word::Move(ply) => Arg::Text(super::words::sheet_move(lang, *ply)),
                Word::Detail(d) => Arg::Text(super::words::detail(lang, d)),
                Word::Edits(edits) => Arg::Text(
                    edits
                        .iter()
                        .map(|e| super::words::edit(lang, e))
                        .collect::<Vec<_>>()
                        .join(&lang.t("edits-and")),
                ),
                Word::List(list) => Arg::Text(
                    list.iter()
                        .map(|s| said(lang, s))
                        .collect::<Vec<_>>()
                        .join(&lang.t("problems-separator")),
                ),
            };
            (name.as_ref(), arg)
        })
        .collect();
    lang.t_with(&s.key, &args)
}

/// What a refusal of the service says, in `lang` (the server's own failures say only that
/// something went wrong: their causes go to the log).
pub fn failure(lang: impl Into<Lang>, e: &ServiceError) -> String {
    let lang = lang.into();
    match (e, facts(e)) {
        (ServiceError::Unauthenticated, _) => lang.t("error-sign-in-first"),
        (_, Some(s)) => said(lang, &s),
        (_, None) => lang.t("error-server"),
    }
}

/// The facts of a refusal of the service (a replay's: where and why), for a client that words
/// them itself; the server's own failures give none.
pub fn facts(e: &ServiceError) -> Option<Said> {
    match e {
        ServiceError::Replay(r) => Some(r.said()),
        e if e.is_server_error() => None,
        e => e.said().cloned(),
    }
}

/// A sentence the database keeps, in `lang`: its facts worded, or a sentence written before
/// the facts were kept (or typed by staff) as it is.
pub fn kept(lang: impl Into<Lang>, stored: &Kept) -> String {
    match stored {
        Kept::Said(s) => said(lang, s),
        Kept::Text(t) => t.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_another_service_sent_is_worded_here_only_when_every_key_is_known() {
        let fr = Lang::from_code("fr").unwrap();
        let sent = |inner: Said| {
            crate::said!(
                "hub-refused",
                message = Word::Sent {
                    said: Box::new(inner),
                    words: "as the hub wrote it".to_string(),
                }
            )
        };
        let known = sent(crate::said!("no-such", what = "player"));
        assert_eq!(
            said(fr, &known),
            said(
                fr,
                &crate::said!(
                    "hub-refused",
                    message = crate::said!("no-such", what = "player")
                )
            )
        );
        assert!(!said(fr, &known).contains("as the hub wrote it"));
        // A newer hub's message, or one with a newer message inside it: its words as sent.
        const NEWER: &str = "a-message-of-a-newer-hub";
        for newer in [
            Said::new(NEWER),
            crate::said!("problems", list = vec![Said::new(NEWER)]),
        ] {
            assert!(said(fr, &sent(newer)).ends_with("as the hub wrote it"));
        }
        // Kept: the facts read back worded, an older sentence as it was.
        let stored = known.to_stored();
        assert_eq!(kept(fr, &Kept::read(&stored)), said(fr, &known));
        assert_eq!(
            kept(fr, &Kept::read("the hub refused: no")),
            "the hub refused: no"
        );
    }

    #[test]
    fn a_refusal_is_worded_in_the_page_language() {
        let fr = Lang::from_code("fr").unwrap();
        let s = crate::said!("no-such", what = "tournament");
        assert_eq!(said(Lang::ENGLISH, &s), "no such tournament");
        assert_ne!(said(fr, &s), said(Lang::ENGLISH, &s));
        let both = Said::all(vec![s.clone(), crate::said!("no-such", what = "player")]);
        assert_eq!(
            said(Lang::ENGLISH, &both),
            "no such tournament; no such player"
        );
        assert!(said(fr, &both).contains("\u{202f};"), "{}", said(fr, &both));
    }
}
