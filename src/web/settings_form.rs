//! The settings form: the settings record as the page's fields, and the fields sent back read
//! into the record's input. A field is named as the record names it and typed as the record
//! types it (serde says which): a yes-or-no is a tick box (unticked, it is not sent: a no), a
//! number is typed as text, anything else is its text. Only three fields are the form's own
//! way: the points of each result (`points_win`, ...), the tie-breaks picked from lists
//! (`tiebreak_1`, ...; or typed as codes, `tiebreaks`) and the rule options typed as JSON.

use std::collections::BTreeMap;

use serde::Deserialize;
use serde_json::{Map, Value};

use crate::tournament::TournamentSettings;
use crate::tournament::said::Said;
use crate::tournament::settings::{SettingsInput, Switches};

/// How many tie-breaks the form offers to choose, in order.
const TIEBREAK_SLOTS: usize = 6;

/// The settings form's fields as text, by the names the settings give them.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(from = "Vec<(String, String)>")]
pub struct SettingsForm {
    fields: BTreeMap<String, String>,
    csrf: String,
}

impl From<Vec<(String, String)>> for SettingsForm {
    /// The fields as sent; of a field sent twice (a list's choice beside a hidden copy), the last.
    fn from(pairs: Vec<(String, String)>) -> SettingsForm {
        let mut form = SettingsForm::default();
        for (name, text) in pairs {
            if name == "csrf" {
                form.csrf = text;
            } else {
                form.fields.insert(name, text);
            }
        }
        form
    }
}

impl crate::web::plumbing::access::HasCsrf for SettingsForm {
    fn csrf(&self) -> &str {
        &self.csrf
    }
}

impl SettingsForm {
    /// The form showing these settings, and the event they are a section of.
    pub fn of(settings: &TournamentSettings) -> SettingsForm {
        let mut form = SettingsForm::default();
        let Ok(Value::Object(record)) = serde_json::to_value(settings.input()) else {
            return form;
        };
        for (name, value) in record {
            match (name.as_str(), value) {
                (_, Value::Null) => {}
                ("rule_options", options) => form.set(&name, options.to_string()),
                ("tiebreaks", Value::Array(codes)) => {
                    let codes: Vec<String> = codes.iter().map(text).collect();
                    form.set(&name, codes.join(", "));
                }
                ("points", Value::Object(points)) => {
                    for (result, value) in points {
                        form.set(&format!("points_{result}"), text(&value));
                    }
                }
                (_, value) => form.set(&name, text(&value)),
            }
        }
        if let Some(event) = settings.event_id {
            form.set("event_id", event.to_string());
        }
        form
    }

    /// A new tournament's form: the defaults, in the organiser's language, perhaps a section of
    /// an event.
    pub fn new_tournament(language: &str, event: Option<i32>) -> SettingsForm {
        let mut form = SettingsForm::of(&TournamentSettings::defaults());
        form.set("name", String::new());
        form.set("language", language.to_string());
        if let Some(event) = event {
            form.set("event_id", event.to_string());
        }
        form
    }

    fn set(&mut self, name: &str, text: String) {
        self.fields.insert(name.to_string(), text);
    }

    /// What a field holds, as typed (empty when it holds nothing).
    pub fn text(&self, name: &str) -> &str {
        self.fields.get(name).map_or("", String::as_str)
    }

    /// Whether a tick box is ticked.
    pub fn on(&self, name: &str) -> bool {
        !matches!(self.text(name), "" | "false" | "off")
    }

    /// The tie-breaks chosen in the form's lists, in order; or, where none was, the codes typed.
    pub fn tiebreak_codes(&self) -> Vec<String> {
        let picked: Vec<String> = (1..=TIEBREAK_SLOTS.max(self.fields.len()))
            .map(|n| self.text(&format!("tiebreak_{n}")).trim().to_string())
            .filter(|c| !c.is_empty())
            .collect();
        if !picked.is_empty() {
            return picked;
        }
        self.text("tiebreaks")
            .split(',')
            .map(|c| c.trim().to_string())
            .filter(|c| !c.is_empty())
            .collect()
    }

    /// The form's lists of tie-breaks, each with the code it shows chosen ("" for none).
    pub fn tiebreak_slots(&self) -> Vec<String> {
        let mut codes = self.tiebreak_codes();
        codes.resize(TIEBREAK_SLOTS.max(codes.len()), String::new());
        codes
    }

    /// The settings' input the fields make, with every problem found in them before the
    /// settings' own checks (which the input then goes through); none when the fields cannot
    /// be read at all.
    pub fn input(&self) -> (Option<SettingsInput>, Vec<Said>) {
        let mut problems = Vec::new();
        let mut record = Map::new();
        for (name, typed) in &self.fields {
            if name.starts_with("tiebreak") || name.starts_with("points_") {
                continue;
            }
            if name == "rule_options" {
                match serde_json::from_str::<Map<String, Value>>(typed) {
                    _ if typed.trim().is_empty() => {}
                    Ok(options) => {
                        record.insert(name.clone(), Value::Object(options));
                    }
                    Err(e) => problems.push(crate::said!(
                        "rule-options-not-json-object",
                        error = e.to_string()
                    )),
                }
                continue;
            }
            record.insert(name.clone(), Value::String(typed.clone()));
        }
        // A tick box left unticked is not sent: it is a no.
        for name in yes_or_no() {
            let on = self.on(&name);
            record.insert(name, Value::Bool(on));
        }
        let points: Map<String, Value> = self
            .fields
            .iter()
            .filter_map(|(name, typed)| {
                let result = name.strip_prefix("points_")?;
                Some((result.to_string(), Value::String(typed.clone())))
            })
            .collect();
        if !points.is_empty() {
            record.insert("points".to_string(), Value::Object(points));
        }
        let codes = self.tiebreak_codes().into_iter().map(Value::String);
        record.insert("tiebreaks".to_string(), Value::Array(codes.collect()));
        let input = typed_input(record, &mut problems);
        (input, problems)
    }
}

/// The fields of the settings that are a yes or a no: every switch, and the format's flags.
fn yes_or_no() -> Vec<String> {
    let mut names = Switches::names();
    if let Ok(Value::Object(format)) = serde_json::to_value(crate::tournament::Format::default()) {
        names.extend(
            format
                .into_iter()
                .filter(|(_, v)| v.is_boolean())
                .map(|(name, _)| name),
        );
    }
    names
}

/// A value as the form shows it: a text as it is, a number as people write it.
fn text(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        Value::Number(n) => match (n.as_i64(), n.as_f64()) {
            (Some(i), _) => i.to_string(),
            (None, Some(f)) => f.to_string(),
            _ => n.to_string(),
        },
        other => other.to_string(),
    }
}

/// The input the record of texts makes, each field read as the settings type it: where one
/// wants a number its text is read as one (½ as a half; an empty box as nothing), and where it
/// does not read, the problem says so and the field is left out. None when the record cannot be
/// read at all (a field the settings do not have).
fn typed_input(mut record: Map<String, Value>, problems: &mut Vec<Said>) -> Option<SettingsInput> {
    // Each pass mends one field, at most twice (its text read as a number, then refused).
    for _ in 0..=2 * (record.len() + 4) {
        let read =
            serde_path_to_error::deserialize::<_, SettingsInput>(Value::Object(record.clone()));
        let error = match read {
            Ok(input) => return Some(input),
            Err(error) => error,
        };
        let path: Vec<String> = error.path().iter().map(|s| s.to_string()).collect();
        let shown = match path.as_slice() {
            [field] => field.replace('_', " "),
            [field, part] => format!("{} ({})", field.replace('_', " "), part.replace('_', " ")),
            _ => String::new(),
        };
        let Some(field) = value_at(&mut record, &path) else {
            problems.push(crate::said!(
                "settings-unreadable",
                error = error.inner().to_string()
            ));
            return None;
        };
        match std::mem::take(field) {
            Value::String(typed) if typed.trim().is_empty() => {}
            Value::String(typed) => match number(&typed) {
                Some(n) => *field = n,
                None => problems.push(crate::said!("not-number", field = &shown, text = typed)),
            },
            Value::Number(n) => problems.push(crate::said!(
                "not-whole-number",
                what = &shown,
                text = n.to_string()
            )),
            // A part whose own problem was said (a result's points), or something else.
            _ if !problems.is_empty() => {}
            _ => problems.push(crate::said!(
                "settings-unreadable",
                error = error.inner().to_string()
            )),
        }
        drop_nothing(&mut record);
    }
    None
}

/// The value a path of field names leads to in the record.
fn value_at<'a>(record: &'a mut Map<String, Value>, path: &[String]) -> Option<&'a mut Value> {
    let (first, rest) = path.split_first()?;
    let mut value = record.get_mut(first)?;
    for name in rest {
        value = value.as_object_mut()?.get_mut(name)?;
    }
    Some(value)
}

/// The record without the fields taken out (left as nothing), at its top and a level down.
fn drop_nothing(record: &mut Map<String, Value>) {
    record.retain(|_, v| !v.is_null());
    for value in record.values_mut() {
        if let Value::Object(part) = value {
            part.retain(|_, v| !v.is_null());
        }
    }
}

/// A number as people type it: `½` and `.5` are a half.
fn number(typed: &str) -> Option<Value> {
    let t = typed.trim().replace('½', ".5");
    let t = if t.starts_with('.') {
        format!("0{t}")
    } else {
        t
    };
    serde_json::from_str::<serde_json::Number>(&t)
        .ok()
        .map(Value::Number)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::settings::SettingsInput;

    fn settings(json: serde_json::Value) -> TournamentSettings {
        let input: SettingsInput = serde_json::from_value(json).unwrap();
        TournamentSettings::parse(&input).unwrap()
    }

    /// What a browser sends of a form: every field but the tick boxes left unticked.
    fn sent(form: &SettingsForm) -> SettingsForm {
        let ticks = yes_or_no();
        let pairs: Vec<(String, String)> = form
            .fields
            .iter()
            .filter(|(name, _)| !ticks.contains(name) || form.on(name))
            .map(|(name, text)| (name.clone(), text.clone()))
            .collect();
        SettingsForm::from(pairs)
    }

    fn read(form: &SettingsForm) -> Result<TournamentSettings, Vec<Said>> {
        let (input, problems) = form.input();
        let input = input.expect("the form reads");
        Said::or_problems(problems, TournamentSettings::parse(&input))
    }

    #[test]
    fn every_format_comes_back_from_its_form_as_it_was() {
        for json in [
            serde_json::json!({"name": "Swiss", "rules": "abapa", "rounds": 5}),
            serde_json::json!({"name": "All play all", "rules": "tournament", "rounds": 7,
                "pairing": "round-robin", "require_moves": false, "wall_ratings": true,
                "rule_options": {"grand_slam": "loses"}, "lots_seed": 2026,
                "points": {"win": 3, "draw": 1.5, "loss": 0, "bye": 1.5}}),
            serde_json::json!({"name": "Cup", "rules": "abapa", "rounds": 3,
                "pairing": "knockout", "third_place": true, "match_games": 3,
                "match_length": "best-of", "require_confirmation": false}),
            serde_json::json!({"name": "Cup", "rules": "abapa", "rounds": 3,
                "pairing": "knockout"}),
            serde_json::json!({"name": "Double", "rules": "abapa", "rounds": 6,
                "pairing": "knockout", "double_elimination": true, "tiebreaks": []}),
            serde_json::json!({"name": "By hand", "rules": "abapa", "rounds": 2,
                "pairing": "manual", "club_rounds": 2, "check_in": "every",
                "adjudication": "exact", "language": "fr", "tie_policy": "mso",
                "start_date": "2026-12-05", "end_date": "2026-12-06", "venue": "Accra"}),
        ] {
            let s = settings(json.clone());
            let form = SettingsForm::of(&s);
            assert_eq!(read(&sent(&form)).unwrap(), s, "{json}");
        }
    }

    #[test]
    fn an_unticked_box_is_a_no_and_a_new_form_holds_the_defaults() {
        let form = SettingsForm::new_tournament("fr", Some(4));
        assert_eq!(form.text("name"), "");
        assert_eq!((form.text("language"), form.text("event_id")), ("fr", "4"));
        assert!(form.on("require_moves") && !form.on("wall_ratings"));
        let mut named = sent(&form);
        named.set("name", "Open".to_string());
        let s = read(&named).unwrap();
        assert_eq!(s.switches, Switches::default());
        named.fields.remove("require_moves");
        named.set("wall_ratings", "on".to_string());
        let s = read(&named).unwrap();
        assert!(!s.switches.require_moves && s.switches.wall_ratings);
    }

    #[test]
    fn numbers_are_read_as_people_type_them_and_every_wrong_one_is_said() {
        let mut form = SettingsForm::new_tournament("en", None);
        form.set("name", "Open".to_string());
        form.set("points_draw", "½".to_string());
        form.set("lots_seed", String::new());
        assert_eq!(read(&form).unwrap().points.draw, 0.5);
        form.set("rounds", "many".to_string());
        form.set("club_rounds", "1.5".to_string());
        form.set("points_bye", "one".to_string());
        let problems = read(&form).unwrap_err();
        let said: Vec<(String, String)> = problems
            .iter()
            .map(|p| (p.key.to_string(), format!("{:?}", p.args)))
            .collect();
        assert!(
            said.iter()
                .any(|(k, a)| *k == "not-number" && a.contains("many"))
        );
        assert!(
            said.iter()
                .any(|(k, a)| *k == "not-number" && a.contains("points (bye)"))
        );
        assert!(
            said.iter()
                .any(|(k, a)| *k == "not-whole-number" && a.contains("club rounds"))
        );
    }

    #[test]
    fn a_field_the_settings_do_not_have_is_refused() {
        let mut form = SettingsForm::new_tournament("en", None);
        form.set("colour", "red".to_string());
        let (input, problems) = form.input();
        assert!(input.is_none());
        assert!(format!("{problems:?}").contains("colour"));
    }
}
