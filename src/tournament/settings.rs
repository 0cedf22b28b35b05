//! A tournament's settings, parsed from what an organiser typed or sent.

use crate::tournament::said::Said;
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use crate::engine::{Preset, Rules};

use super::format::Format;
use super::match_format::MatchFormat;
use super::points::Points;
use super::tiebreak::Tiebreak;

/// How players level on points are ordered.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    strum::EnumString,
    strum::IntoStaticStr,
    strum::Display,
    strum::VariantArray,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum TiePolicy {
    /// The tournament's tie-breaks, in order (FIDE's and Oware's).
    #[default]
    Fide,
    /// The Mind Sports Olympiad's rule as MSO's Oware rules apply it ("point spread is not
    /// applicable"): head to head, then Sonneborn-Berger (`super::mso`).
    Mso,
    /// MSO's general rule for two-player games, with the seed spread: head to head, the spread
    /// less the best round, then Sonneborn-Berger.
    MsoSpread,
}

/// How a game unfinished at the end of the round's time is adjudicated (`docs/standings.md`,
/// "Adjudication").
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    strum::EnumString,
    strum::IntoStaticStr,
    strum::Display,
    strum::VariantArray,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum Adjudication {
    /// Each player scores their store and the seeds on their own row.
    #[default]
    Rows,
    /// The endgame tables' value, where they hold the board and their bounds decide the
    /// winner; the rows otherwise.
    Exact,
}

/// When the players answer a roll call before a round is paired.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    strum::EnumString,
    strum::IntoStaticStr,
    strum::Display,
    strum::VariantArray,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum CheckIn {
    /// Only when the controller takes one.
    #[default]
    None,
    /// Before round 1.
    First,
    /// Before every round.
    Every,
}

impl CheckIn {
    /// Whether round `number` is paired only after a roll call.
    pub fn before(self, number: i32) -> bool {
        match self {
            CheckIn::None => false,
            CheckIn::First => number == 1,
            CheckIn::Every => true,
        }
    }
}

/// Validated settings of a tournament. Shown (the API's tournament) with the rule set as its
/// preset's name (`rules`) and every option in force (`rule_options`), and the format as its
/// fields (`pairing`, `third_place`, `double_elimination`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TournamentSettings {
    pub name: String,
    pub venue: String,
    pub start_date: Option<NaiveDate>,
    pub end_date: Option<NaiveDate>,
    #[serde(flatten, serialize_with = "shown_rules")]
    pub rules: Rules,
    pub rounds: i32,
    /// How its rounds are paired.
    #[serde(flatten)]
    pub format: Format,
    pub points: Points,
    pub tiebreaks: Vec<Tiebreak>,
    /// The settings that are a yes or a no.
    #[serde(flatten)]
    pub switches: Switches,
    /// Players of the same club are not paired together in rounds 1 to this (0: no such rule).
    pub club_rounds: i32,
    /// What a pairing plays: one game, or a match of several.
    pub matches: MatchFormat,
    /// The event this tournament is a section of.
    pub event_id: Option<super::EventId>,
    /// How players level on points are ordered.
    pub tie_policy: TiePolicy,
    /// Players still level are parted by lots drawn from this seed (printed with the
    /// standings); none: they share their place.
    pub lots_seed: Option<i64>,
    /// When the players answer a roll call.
    pub check_in: CheckIn,
    /// How a game unfinished at the end of the round's time is adjudicated.
    pub adjudication: Adjudication,
    /// The tournament's own language (`en`, `fr`): its prints, and its pages for visitors
    /// whose browser names no language the service speaks.
    pub language: String,
}

/// The rule set as shown: its preset's name and every option in force.
fn shown_rules<S: serde::Serializer>(rules: &Rules, s: S) -> Result<S::Ok, S::Error> {
    #[derive(Serialize)]
    struct Shown<'a> {
        rules: &'a str,
        rule_options: &'a Rules,
    }
    Shown {
        rules: rules.name(),
        rule_options: rules,
    }
    .serialize(s)
}

/// Settings as received, before validation (JSON API and HTML form alike, and a tournament
/// file's settings).
#[derive(Clone, Debug, Default, Deserialize, Serialize)]
pub struct SettingsInput {
    pub name: Option<String>,
    pub venue: Option<String>,
    pub start_date: Option<String>,
    pub end_date: Option<String>,
    /// A preset name.
    pub rules: Option<String>,
    /// Options of the preset to override, by name (see `Rules`).
    pub rule_options: Option<serde_json::Map<String, serde_json::Value>>,
    pub rounds: Option<i64>,
    pub pairing: Option<String>,
    pub points: Option<Points>,
    pub tiebreaks: Option<Vec<String>>,
    /// The settings that are a yes or a no: each its default when not given.
    #[serde(flatten)]
    pub switches: Switches,
    pub club_rounds: Option<i64>,
    /// Games in a match (1: a single game).
    pub match_games: Option<i64>,
    /// `games` (each played) or `best-of`.
    pub match_length: Option<String>,
    /// Who starts each game after the first: `alternate`, `winner`, `loser`.
    pub match_start: Option<String>,
    /// What the standings count: `match-points`, `game-points`, `seeds`.
    pub match_score: Option<String>,
    /// What a level match does: `draw`, `decider` (a knockout: always `decider`).
    pub match_tie: Option<String>,
    /// A knockout: the semi-finals' losers play for third place.
    pub third_place: Option<bool>,
    /// A knockout: double elimination (out after two lost matches).
    pub double_elimination: Option<bool>,
    /// The event this tournament is a section of (none: it stands alone).
    pub event_id: Option<i32>,
    /// `fide` (the tie-breaks, the default) or `mso`.
    pub tie_policy: Option<String>,
    /// Lots part players still level, drawn from this seed (0 to 2^53).
    pub lots_seed: Option<i64>,
    /// `none` (the default), `first` (before round 1) or `every` (before every round).
    pub check_in: Option<String>,
    /// `rows` (the default) or `exact`.
    pub adjudication: Option<String>,
    /// The tournament's language, a code such as `en` (the default) or `fr`.
    pub language: Option<String>,
    /// Any other field is refused, naming it.
    #[serde(flatten, skip_serializing)]
    pub refused: NoOtherField,
}

/// The settings that are a yes or a no, each with its default (a field left out of a request or
/// a file takes it; a box left unticked on the form is a no). A new one is a field here, a
/// line of the form's template (`switch`) and its label in each language
/// (`audit-field-<name>`, which the audit log shows too): nothing else stores, copies or
/// checks it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Switches {
    /// A score sheet must carry the game's move list, which is replayed.
    #[serde(default = "yes")]
    pub require_moves: bool,
    /// A sheet counts once the opponent confirms it.
    #[serde(default = "yes")]
    pub require_confirmation: bool,
    /// The wall shows each player's rating beside their name.
    #[serde(default)]
    pub wall_ratings: bool,
}

fn yes() -> bool {
    true
}

impl Default for Switches {
    /// Each switch's own default, as a request that says nothing of it gets.
    fn default() -> Switches {
        serde_json::from_value(serde_json::json!({})).expect("every switch has a default")
    }
}

impl Switches {
    /// The switches' names, as the settings spell them.
    pub fn names() -> Vec<String> {
        match serde_json::to_value(Switches::default()) {
            Ok(serde_json::Value::Object(fields)) => fields.keys().cloned().collect(),
            _ => Vec::new(),
        }
    }
}

/// What is left of a settings record once every known field is read: nothing, or the first
/// unknown field is an error naming it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NoOtherField;

impl<'de> Deserialize<'de> for NoOtherField {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<NoOtherField, D::Error> {
        struct Visitor;
        impl<'de> serde::de::Visitor<'de> for Visitor {
            type Value = NoOtherField;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("no other field")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<NoOtherField, A::Error> {
                match map.next_key::<String>()? {
                    None => Ok(NoOtherField),
                    Some(name) => Err(serde::de::Error::custom(format!("unknown field `{name}`"))),
                }
            }
        }
        d.deserialize_map(Visitor)
    }
}

/// When a setting can no longer change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fixed {
    /// Once a round is paired: the pairings made follow it.
    OncePaired,
    /// Once a round is published: every stored game was replayed under it.
    OncePublished,
}

/// Why the rules cannot change.
pub const RULES_FIXED: &str = "rules-fixed";

/// Why what a pairing plays cannot change.
pub const MATCHES_FIXED: &str = "matches-fixed";

/// A rule of what may change when: the settings it compares, from when they are fixed, and the
/// message saying so.
pub struct FixedSetting {
    pub when: Fixed,
    pub why: &'static str,
    pub same: fn(&TournamentSettings, &TournamentSettings) -> bool,
}

/// The settings that cannot change once the tournament is under way: a new setting that would
/// change what was already paired or played states its rule here. (How many rounds, and
/// whether move lists are required, depend on what was played: the service checks them.)
pub const FIXED: [FixedSetting; 3] = [
    FixedSetting {
        when: Fixed::OncePublished,
        why: RULES_FIXED,
        same: |a, b| a.rules == b.rules,
    },
    FixedSetting {
        when: Fixed::OncePaired,
        why: MATCHES_FIXED,
        same: |a, b| a.matches == b.matches && a.format.same_play(b.format),
    },
    FixedSetting {
        when: Fixed::OncePaired,
        why: "adjudication-fixed-once-paired",
        same: |a, b| a.adjudication == b.adjudication,
    },
];

/// The default tie-breaks of a new tournament.
pub const DEFAULT_TIEBREAKS: [Tiebreak; 3] = [
    Tiebreak::BUCHHOLZ,
    Tiebreak::SONNEBORN_BERGER,
    Tiebreak::SeedsCaptured,
];

impl TournamentSettings {
    /// A new tournament's settings, before the organiser names it: every default (abapa, five
    /// rounds of a Swiss).
    pub fn defaults() -> TournamentSettings {
        let input = SettingsInput {
            name: Some("-".to_string()),
            rules: Some(Preset::Abapa.name().to_string()),
            rounds: Some(5),
            ..SettingsInput::default()
        };
        let settings = TournamentSettings::parse(&input).expect("the defaults are valid");
        TournamentSettings {
            name: String::new(),
            ..settings
        }
    }

    /// The input that gives these settings back through [`TournamentSettings::parse`], as a
    /// tournament file carries them: the rules as their preset and the options that differ from
    /// it. The event the tournament is a section of is left out: a file stands alone.
    pub fn input(&self) -> SettingsInput {
        let options = self.overridden();
        let date = |d: Option<NaiveDate>| d.map(|d| d.format("%Y-%m-%d").to_string());
        SettingsInput {
            name: Some(self.name.clone()),
            venue: Some(self.venue.clone()),
            start_date: date(self.start_date),
            end_date: date(self.end_date),
            rules: Some(self.rules.preset.name().to_string()),
            rule_options: (!options.is_empty()).then_some(options),
            rounds: Some(i64::from(self.rounds)),
            pairing: Some(self.format.pairing().to_string()),
            points: Some(self.points),
            tiebreaks: Some(self.tiebreaks.iter().map(|t| t.code()).collect()),
            switches: self.switches,
            club_rounds: Some(i64::from(self.club_rounds)),
            match_games: Some(i64::from(self.matches.games)),
            match_length: Some(self.matches.length.to_string()),
            match_start: Some(self.matches.start.to_string()),
            match_score: Some(self.matches.score.to_string()),
            match_tie: Some(self.matches.tie.to_string()),
            third_place: Some(self.format.third_place()),
            double_elimination: Some(self.format.double_elimination()),
            event_id: None,
            tie_policy: Some(self.tie_policy.to_string()),
            lots_seed: self.lots_seed,
            check_in: Some(self.check_in.to_string()),
            adjudication: Some(self.adjudication.to_string()),
            language: Some(self.language.clone()),
            refused: NoOtherField,
        }
    }

    /// The rule options that differ from the preset's, by name.
    pub fn overridden(&self) -> serde_json::Map<String, serde_json::Value> {
        let preset = serde_json::to_value(self.rules.preset.rules()).unwrap_or_default();
        let actual = serde_json::to_value(&self.rules).unwrap_or_default();
        actual
            .as_object()
            .map(|a| {
                a.iter()
                    .filter(|(k, v)| preset.get(k.as_str()) != Some(v))
                    .map(|(k, v)| (k.clone(), v.clone()))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The settings as a tournament's row stores them (JSON): the input that gives them back,
    /// with every option of the rule set (so that SQL reads any of them) and without the
    /// event, which is a column of its own.
    pub fn stored(&self) -> String {
        let mut input = self.input();
        input.rule_options = match serde_json::to_value(&self.rules) {
            Ok(serde_json::Value::Object(mut options)) => {
                options.remove("preset");
                Some(options)
            }
            _ => None,
        };
        serde_json::to_string(&input).expect("settings serialise")
    }

    /// The settings a row stores, read and checked as an organiser's are: a record that does
    /// not read, or that is refused, is an error naming why.
    pub fn from_stored(text: &str) -> Result<TournamentSettings, String> {
        let input: SettingsInput = serde_json::from_str(text)
            .map_err(|e| format!("the stored settings cannot be read ({e})"))?;
        TournamentSettings::parse(&input).map_err(|problems| {
            let keys: Vec<String> = problems.iter().map(|p| p.key.to_string()).collect();
            format!("the stored settings are refused ({})", keys.join(", "))
        })
    }

    /// Why these settings cannot become `to` in a tournament with a round paired (`paired`)
    /// or published (`published`): the first setting fixed by then that would change.
    pub fn fixed_change(
        &self,
        to: &TournamentSettings,
        paired: bool,
        published: bool,
    ) -> Option<&'static str> {
        FIXED
            .iter()
            .filter(|f| match f.when {
                Fixed::OncePaired => paired,
                Fixed::OncePublished => published,
            })
            .find(|f| !(f.same)(self, to))
            .map(|f| f.why)
    }

    /// Validates input; every problem is reported, one sentence each.
    pub fn parse(input: &SettingsInput) -> Result<TournamentSettings, Vec<Said>> {
        let mut problems = Vec::new();
        let (name, venue) = parse_names(input, &mut problems);
        let date = |field: &str, value: &Option<String>, problems: &mut Vec<Said>| match value
            .as_deref()
            .map(str::trim)
        {
            None | Some("") => None,
            Some(v) => match NaiveDate::parse_from_str(v, "%Y-%m-%d") {
                Ok(d) => Some(d),
                Err(_) => {
                    problems.push(crate::said!("not-date-yyyy-mm-dd", field, v));
                    None
                }
            },
        };
        let start_date = date("start_date", &input.start_date, &mut problems);
        let end_date = date("end_date", &input.end_date, &mut problems);
        if let (Some(s), Some(e)) = (start_date, end_date)
            && e < s
        {
            problems.push(crate::said!("end-date-tournament-cannot-end"));
        }
        let rules = parse_rules(input, &mut problems);
        let rounds = match input.rounds {
            None => {
                problems.push(crate::said!("rounds-give-number-rounds"));
                0
            }
            Some(n) if !(1..=99).contains(&n) => {
                problems.push(crate::said!("rounds-not-between-1-99", n));
                0
            }
            Some(n) => n as i32,
        };
        let format = Format::parse(
            input.pairing.as_deref(),
            input.third_place.unwrap_or(false),
            input.double_elimination.unwrap_or(false),
            &mut problems,
        );
        let points = parse_points(input, &mut problems);
        let tiebreaks = parse_tiebreaks(input, &mut problems);
        let mut matches = parse_matches(input, &mut problems);
        if format.needs_a_winner() {
            // A level match always goes to deciding games.
            matches.tie = super::match_format::TieRule::Decider;
        }
        let tie_policy = match input.tie_policy.as_deref().map(str::trim) {
            None | Some("") => TiePolicy::Fide,
            Some(p) => p.parse().unwrap_or_else(|_| {
                problems.push(crate::said!("tie-policy-not-one-fide", p));
                TiePolicy::Fide
            }),
        };
        let check_in = parse_check_in(input, format, &mut problems);
        let adjudication = match input.adjudication.as_deref().map(str::trim) {
            None | Some("") => Adjudication::Rows,
            Some(a) => a.parse().unwrap_or_else(|_| {
                problems.push(crate::said!("adjudication-not-one-rows-exact", a));
                Adjudication::Rows
            }),
        };
        if input
            .lots_seed
            .is_some_and(|s| !(0..=(1_i64 << 53)).contains(&s))
        {
            problems.push(crate::said!("lots-seed-whole-number-0"));
        }
        let language = parse_language(input, &mut problems);
        let club_rounds = input.club_rounds.unwrap_or(0);
        if !(0..=i64::from(rounds.max(0))).contains(&club_rounds) {
            problems.push(crate::said!("club-rounds-0-clubmates-may", rounds));
        }
        match rules {
            Some(rules) if problems.is_empty() => Ok(TournamentSettings {
                name,
                venue,
                start_date,
                end_date,
                rules,
                rounds,
                format,
                points,
                tiebreaks,
                switches: input.switches,
                club_rounds: club_rounds as i32,
                matches,
                event_id: input.event_id.map(super::EventId),
                tie_policy,
                lots_seed: input.lots_seed,
                check_in,
                adjudication,
                language,
            }),
            _ => Err(problems),
        }
    }
}

/// The tournament's language: a code of two to eight letters, English unless said (which codes
/// have messages is the pages' business).
fn parse_language(input: &SettingsInput, problems: &mut Vec<Said>) -> String {
    let code = input
        .language
        .as_deref()
        .map(|c| c.trim().to_ascii_lowercase())
        .filter(|c| !c.is_empty())
        .unwrap_or_else(|| "en".to_string());
    if !(2..=8).contains(&code.len()) || !code.chars().all(|c| c.is_ascii_lowercase()) {
        problems.push(crate::said!(
            "language-not-language-code-such",
            code = &code
        ));
    }
    code
}

/// Before which rounds the players answer a roll call; none unless said.
fn parse_check_in(input: &SettingsInput, format: Format, problems: &mut Vec<Said>) -> CheckIn {
    let check_in = match input.check_in.as_deref().map(str::trim) {
        None | Some("") => CheckIn::None,
        Some(c) => c.parse().unwrap_or_else(|_| {
            problems.push(crate::said!("check-not-one-none-first", c));
            CheckIn::None
        }),
    };
    if check_in == CheckIn::Every && format.field_fixed_at_start() {
        problems.push(crate::said!("check-round-robin-s-knockout"));
    }
    check_in
}

/// What a pairing plays; a single game when nothing is said.
fn parse_matches(input: &SettingsInput, problems: &mut Vec<Said>) -> MatchFormat {
    fn choice<T: std::str::FromStr + strum::VariantArray + Into<&'static str> + Copy + Default>(
        field: &str,
        value: &Option<String>,
        problems: &mut Vec<Said>,
    ) -> T {
        match value.as_deref().map(str::trim) {
            None | Some("") => T::default(),
            Some(v) => v.parse().unwrap_or_else(|_| {
                let names: Vec<&'static str> = T::VARIANTS.iter().map(|&t| t.into()).collect();
                problems.push(crate::said!("not-one", field, v, value = names.join(", ")));
                T::default()
            }),
        }
    }
    let games = input.match_games.unwrap_or(1);
    let format = MatchFormat {
        games: i32::try_from(games).unwrap_or(0),
        length: choice("match_length", &input.match_length, problems),
        start: choice("match_start", &input.match_start, problems),
        score: choice("match_score", &input.match_score, problems),
        tie: choice("match_tie", &input.match_tie, problems),
    };
    problems.extend(format.problems());
    format
}

/// The name (required) and the venue: plain text of at most 200 characters.
fn parse_names(input: &SettingsInput, problems: &mut Vec<Said>) -> (String, String) {
    let name = input.name.as_deref().unwrap_or("").trim().to_string();
    if name.is_empty() {
        problems.push(crate::said!("name-tournament-needs-name"));
    } else if name.chars().count() > 200 {
        problems.push(crate::said!("name-at-most-200-characters"));
    }
    let venue = input.venue.as_deref().unwrap_or("").trim().to_string();
    for (field, text) in [("name", &name), ("venue", &venue)] {
        if !super::players::plain_text(text) {
            problems.push(crate::said!("no-control-characters-line-breaks", field));
        }
    }
    if venue.chars().count() > 200 {
        problems.push(crate::said!("venue-at-most-200-characters"));
    }
    (name, venue)
}

/// The rule preset with its options overridden.
fn parse_rules(input: &SettingsInput, problems: &mut Vec<Said>) -> Option<Rules> {
    match input.rules.as_deref().map(str::trim) {
        None | Some("") => {
            problems.push(crate::said!("rules-choose-rule-preset-abapa"));
            None
        }
        Some(name) => match name.parse::<Preset>() {
            Ok(preset) => match apply_options(preset.rules(), input.rule_options.as_ref()) {
                Ok(rules) => Some(rules),
                Err(e) => {
                    problems.push(crate::said!("rule-options", error = e.to_string()));
                    None
                }
            },
            Err(e) => {
                problems.push(crate::said!("rules-unknown", error = e.to_string()));
                None
            }
        },
    }
}

/// Points of each result: whole or half points from 0 to 10, a win at least a draw, a draw at
/// least a loss.
fn parse_points(input: &SettingsInput, problems: &mut Vec<Said>) -> Points {
    let points = input.points.unwrap_or_default();
    let all = [points.win, points.draw, points.loss, points.bye];
    if all
        .iter()
        .any(|p| !p.is_finite() || !(0.0..=10.0).contains(p))
    {
        problems.push(crate::said!("points-each-must-number-0"));
    } else if !(points.win >= points.draw && points.draw >= points.loss) {
        problems.push(crate::said!("points-win-must-worth-at"));
    } else if all.iter().any(|p| (p * 2.0).fract() != 0.0) {
        problems.push(crate::said!("points-use-whole-half-points"));
    }
    points
}

/// The tie-breaks in order, each known and listed once (the defaults when none are given).
fn parse_tiebreaks(input: &SettingsInput, problems: &mut Vec<Said>) -> Vec<Tiebreak> {
    let tiebreaks: Vec<Tiebreak> = match &input.tiebreaks {
        None => DEFAULT_TIEBREAKS.to_vec(),
        Some(codes) => codes
            .iter()
            .map(|c| c.trim().to_ascii_uppercase())
            .filter(|c| !c.is_empty())
            .filter_map(|code| match code.parse() {
                Ok(t) => Some(t),
                Err(_) => {
                    problems.push(crate::said!(
                        "tiebreaks-unknown-code-known",
                        code,
                        codes = Tiebreak::codes()
                    ));
                    None
                }
            })
            .collect(),
    };
    for (i, t) in tiebreaks.iter().enumerate() {
        if tiebreaks[..i].contains(t) {
            problems.push(crate::said!("tiebreaks-listed-twice", t = t.to_string()));
        }
    }
    tiebreaks
}

/// A preset with some of its options overridden by name.
pub fn apply_options(
    rules: Rules,
    options: Option<&serde_json::Map<String, serde_json::Value>>,
) -> Result<Rules, Said> {
    let Some(options) = options.filter(|o| !o.is_empty()) else {
        return Ok(rules);
    };
    let mut value = serde_json::to_value(&rules)
        .map_err(|e| crate::said!("rule-options-unreadable", error = e.to_string()))?;
    let object = value.as_object_mut().expect("rules serialise as an object");
    for (name, option) in options {
        if name == "preset" || !object.contains_key(name) {
            return Err(crate::said!("not-rule-option", name));
        }
        object.insert(name.clone(), option.clone());
    }
    serde_json::from_value(value)
        .map_err(|e| crate::said!("rule-options-unreadable", error = e.to_string()))
}

#[cfg(test)]
#[path = "settings_tests.rs"]
mod tests;
