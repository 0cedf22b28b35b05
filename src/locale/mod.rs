//! The words of every page, print and message, in each language the service speaks: Fluent
//! message files under `locales/<code>/` (embedded by `build.rs`, English first), the choice of
//! a visitor's language, and numbers and names as each language writes and sorts them. Nothing
//! here reads or writes anything.

mod catalogue;
mod numbers;

pub use catalogue::{Arg, ToArg, check_catalogues, english_keys};
pub use numbers::decimal;

use std::fmt;

/// A language the service speaks: an index into the catalogues, English being 0.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Lang(u8);

impl Lang {
    /// The language every other falls back to.
    pub const ENGLISH: Lang = Lang(0);

    /// Every language, English first.
    pub fn all() -> impl Iterator<Item = Lang> {
        (0..catalogue::count()).map(|i| Lang(i as u8))
    }

    /// The language of a code (`fr`, `fr-CI`, `FR`): its primary subtag.
    pub fn from_code(code: &str) -> Option<Lang> {
        let primary = code.trim().split(['-', '_']).next()?.to_ascii_lowercase();
        Lang::all().find(|l| l.code() == primary)
    }

    /// `en`, `fr`: as `<html lang>` and the cookie write it.
    pub fn code(self) -> &'static str {
        catalogue::code(self.0 as usize)
    }

    /// The language's own name (`Français`), as its switch shows it.
    pub fn name(self) -> String {
        self.t("language-name")
    }

    /// The first language of an `Accept-Language` header the service speaks, in the order of the
    /// visitor's preference.
    pub fn negotiate(accept_language: &str) -> Option<Lang> {
        let requested = fluent_langneg::accepted_languages::parse(accept_language);
        requested
            .iter()
            .find_map(|id| Lang::from_code(id.language.as_str()))
    }

    /// Whether the message files have the message `key` (every language has English's keys).
    pub fn knows(key: &str) -> bool {
        catalogue::knows(key)
    }

    /// The message `key`.
    pub fn t(self, key: &str) -> String {
        catalogue::format(self.0 as usize, key, &[])
    }

    /// The message `key` with its arguments.
    pub fn t_with(self, key: &str, args: &[(&str, Arg)]) -> String {
        catalogue::format(self.0 as usize, key, args)
    }

    /// The message `key` with one argument (templates give it by reference).
    pub fn t1(self, key: &str, name: &str, value: impl ToArg) -> String {
        self.t_with(key, &[(name, value.to_arg())])
    }

    /// The message `key` with two arguments, named and given in turn.
    pub fn t2(self, key: &str, n1: &str, v1: impl ToArg, n2: &str, v2: impl ToArg) -> String {
        self.t_with(key, &[(n1, v1.to_arg()), (n2, v2.to_arg())])
    }

    /// The message `key` with three arguments.
    #[allow(clippy::too_many_arguments)]
    pub fn t3(
        self,
        key: &str,
        n1: &str,
        v1: impl ToArg,
        n2: &str,
        v2: impl ToArg,
        n3: &str,
        v3: impl ToArg,
    ) -> String {
        self.t_with(
            key,
            &[(n1, v1.to_arg()), (n2, v2.to_arg()), (n3, v3.to_arg())],
        )
    }

    /// A date as the language writes it: `27 November 2026`, `27 novembre 2026`.
    pub fn date(self, date: chrono::NaiveDate) -> String {
        use chrono::Datelike;
        let month = self.t(&format!("month-{}", date.month()));
        self.t_with(
            "date",
            &[
                ("day", date.day().into()),
                ("month", month.into()),
                ("year", date.year().into()),
            ],
        )
    }

    /// A time of day as the language writes it: `14:05`, `14 h 05`.
    pub fn time(self, time: chrono::NaiveTime) -> String {
        use chrono::Timelike;
        self.t_with(
            "time-of-day",
            &[
                ("hour", time.hour().into()),
                ("hh", format!("{:02}", time.hour()).into()),
                ("minute", format!("{:02}", time.minute()).into()),
            ],
        )
    }

    /// A moment in UTC: `27 November 2026 at 14:05 UTC`.
    pub fn datetime(self, at: chrono::NaiveDateTime) -> String {
        self.t_with(
            "datetime-utc",
            &[
                ("date", self.date(at.date()).into()),
                ("time", self.time(at.time()).into()),
            ],
        )
    }

    /// [`Lang::datetime`] with slots for a script to fill (`{day}`, `{month}`, `{year}`,
    /// `{hour}`, `{hh}`, `{minute}`): `{day} {month} {year} at {hh}:{minute} UTC`; for the first
    /// of a month, where the language writes it apart (`1er`), with the day written in.
    pub fn datetime_pattern(self, first_of_month: bool) -> String {
        let slot = |name: &str| -> Arg { format!("{{{name}}}").into() };
        let day: Arg = if first_of_month {
            1.into()
        } else {
            slot("day")
        };
        let date = self.t_with(
            "date",
            &[
                ("day", day),
                ("month", slot("month")),
                ("year", slot("year")),
            ],
        );
        let time = self.t_with(
            "time-of-day",
            &[
                ("hour", slot("hour")),
                ("hh", slot("hh")),
                ("minute", slot("minute")),
            ],
        );
        self.t_with(
            "datetime-utc",
            &[("date", date.into()), ("time", time.into())],
        )
    }

    /// The months' names, January first.
    pub fn months(self) -> Vec<String> {
        (1..=12).map(|m| self.t(&format!("month-{m}"))).collect()
    }

    /// A number with the language's decimal mark: `7.5`, `7,5`.
    pub fn decimal(self, value: f64) -> String {
        numbers::decimal(value, &self.t("decimal-mark"))
    }
}

impl From<&Lang> for Lang {
    fn from(lang: &Lang) -> Lang {
        *lang
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::Datelike;

    fn french() -> Lang {
        Lang::from_code("fr").expect("French is spoken")
    }

    #[test]
    fn a_visitors_languages_are_taken_in_their_order() {
        assert_eq!(Lang::negotiate("fr-CI,fr;q=0.9,en;q=0.8"), Some(french()));
        assert_eq!(Lang::negotiate("de-DE,en-GB;q=0.7"), Some(Lang::ENGLISH));
        assert_eq!(Lang::negotiate("en-US,fr;q=0.5"), Some(Lang::ENGLISH));
        assert_eq!(Lang::negotiate("de, ja"), None);
        assert_eq!(Lang::negotiate(""), None);
        assert_eq!(Lang::negotiate("*"), None);
        assert_eq!(Lang::from_code("FR_sn"), Some(french()));
        assert_eq!(Lang::from_code("xx"), None);
    }

    #[test]
    fn messages_take_their_arguments_and_plurals() {
        let fr = french();
        assert_eq!(Lang::ENGLISH.name(), "English");
        assert_eq!(fr.name(), "Français");
        assert_eq!(fr.t1("round-title", "number", 3), "Ronde 3");
        assert_eq!(Lang::ENGLISH.t1("round-title", "number", 3), "Round 3");
        // A key that no file has shows itself, not a blank.
        assert_eq!(fr.t("no-such-message"), "no-such-message");
    }

    #[test]
    fn dates_and_times_are_written_as_each_language_writes_them() {
        let at = chrono::NaiveDate::from_ymd_opt(2026, 11, 1)
            .unwrap()
            .and_hms_opt(14, 5, 0)
            .unwrap();
        assert_eq!(Lang::ENGLISH.datetime(at), "1 November 2026 at 14:05 UTC");
        let morning = at.date().and_hms_opt(9, 5, 0).unwrap().time();
        assert_eq!(Lang::ENGLISH.time(morning), "09:05");
        assert_eq!(french().time(morning), "9 h 05");
        assert_eq!(french().datetime(at), "1er novembre 2026 à 14 h 05 UTC");
        assert_eq!(
            french().date(at.date().with_day(25).unwrap()),
            "25 novembre 2026"
        );
    }

    #[test]
    fn a_message_may_name_another_with_its_arguments() {
        let args = [("name", Arg::from("ama")), ("role", Arg::from("organiser"))];
        assert_eq!(
            french().t_with("nav-staff-user", &args),
            "ama (organisateur)"
        );
        assert_eq!(
            Lang::ENGLISH.t_with("nav-staff-user", &args),
            "ama (organiser)"
        );
    }

    #[test]
    fn a_script_writes_a_moment_as_the_pages_do() {
        // The slots filled as a script fills them give what `datetime` writes.
        let at = chrono::NaiveDate::from_ymd_opt(2026, 12, 1)
            .unwrap()
            .and_hms_opt(9, 7, 0)
            .unwrap();
        for lang in [Lang::ENGLISH, french()] {
            for at in [at, at.with_day(14).unwrap()] {
                let filled = lang
                    .datetime_pattern(at.day() == 1)
                    .replace("{day}", &at.day().to_string())
                    .replace("{month}", &lang.months()[at.month0() as usize])
                    .replace("{year}", &at.year().to_string())
                    .replace("{hour}", "9")
                    .replace("{hh}", "09")
                    .replace("{minute}", "07");
                assert_eq!(filled, lang.datetime(at));
            }
        }
        assert_eq!(
            Lang::ENGLISH.datetime_pattern(false),
            "{day} {month} {year} at {hh}:{minute} UTC"
        );
    }

    #[test]
    fn numbers_take_the_languages_decimal_mark() {
        assert_eq!(french().decimal(7.5), "7,5");
        assert_eq!(Lang::ENGLISH.decimal(7.5), "7.5");
        assert_eq!(french().decimal(-0.0), "0");
        assert_eq!(french().decimal(12.0), "12");
    }

    #[test]
    fn every_catalogue_reads_and_has_every_english_message() {
        if let Err(problems) = check_catalogues() {
            panic!("{}", problems.join("\n"));
        }
    }
}
