//! The rating list's months as readers are told them: a month's games count in the list of the
//! first of the next month, once the month has ended.

use chrono::NaiveDate;

use crate::locale::Lang;

/// A month as the pages name it: "December 2026".
pub fn month(lang: Lang, day: NaiveDate) -> String {
    use chrono::Datelike;
    lang.t2(
        "register-month",
        "month",
        lang.t(&format!("month-{}", day.month())),
        "year",
        day.year(),
    )
}

/// The rating list's month rule for a game of `day`: "Games of December 2026 count in the list of
/// 1 January 2027."
pub fn counts_in(lang: Lang, day: NaiveDate) -> String {
    lang.t2(
        "register-counts-in",
        "month",
        month(lang, day),
        "list",
        lang.date(crate::service::register_page::list_of(day)),
    )
}

/// The list computed on `today`: "The list of 1 December 2026, from the games played up to the
/// end of November 2026. Games of December 2026 count in the list of 1 January 2027."
pub fn list_of_today(lang: Lang, today: NaiveDate) -> String {
    use chrono::Datelike;
    let first = today.with_day(1).unwrap_or(today);
    let before = first.pred_opt().unwrap_or(first);
    format!(
        "{} {}",
        lang.t2(
            "ratings-list-of",
            "list",
            lang.date(first),
            "month",
            month(lang, before)
        ),
        counts_in(lang, today)
    )
}
