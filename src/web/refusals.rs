//! The service's refusals and the domain's problems (kept as [`Said`]: a message key and its
//! facts) worded in the page's language.

use crate::locale::{Arg, Lang};
use crate::service::ServiceError;
use crate::tournament::said::{Said, Word};

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
            (*name, arg)
        })
        .collect();
    lang.t_with(s.key, &args)
}

/// What a refusal of the service says, in `lang` (the server's own failures say only that
/// something went wrong: their causes go to the log).
pub fn failure(lang: impl Into<Lang>, e: &ServiceError) -> String {
    let lang = lang.into();
    match e {
        ServiceError::Replay(r) => replay(lang, r),
        ServiceError::Unauthenticated => lang.t("error-sign-in-first"),
        e if e.is_server_error() => lang.t("error-server"),
        e => match e.said() {
            Some(s) => said(lang, s),
            None => lang.t("error-server"),
        },
    }
}

/// A message in the language of a code (`fr`; English for a code the service does not speak):
/// the service's `Wording`, for the sentences it keeps.
pub fn said_in(code: &str, s: &Said) -> String {
    said(Lang::from_code(code).unwrap_or(Lang::ENGLISH), s)
}

/// A refused sheet as the staff's dashboard keeps it: in the language of `code` (the
/// tournament's), where the replay failed and why, or the refusal.
pub fn kept_refusal(code: &str, e: &crate::tournament::sheets::SheetError) -> String {
    use crate::tournament::sheets::SheetError;
    let lang = Lang::from_code(code).unwrap_or(Lang::ENGLISH);
    match e {
        SheetError::Invalid(s) => said(lang, s),
        SheetError::Replay(r) => replay(lang, r),
    }
}

/// Where a sheet's replay failed and why: `At move 3, North ("d"): pit d is empty`.
fn replay(lang: Lang, r: &crate::tournament::sheets::RefusedSheet) -> String {
    lang.t_with(
        "diagnostic",
        &[
            ("at", super::words::sheet_move(lang, r.error.ply).into()),
            ("token", r.error.token.as_str().into()),
            ("detail", super::words::detail(lang, &r.error.detail).into()),
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

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
