//! A circuit's rules as a form people fill in: its name and season, the tournaments that count
//! (a tick and a coefficient each), the points (a table of places a line per field size, or
//! points per player beaten, or per game point), its categories a row each (with their places
//! in the final), and the qualification; read back into `circuit::Rules`, every problem named.

use std::collections::{BTreeMap, HashMap};

use crate::circuit::points::PlaceTable;
use crate::circuit::{
    CategoryRule, CircuitCategory, CountingEvent, Hundredths, PointsTable, QualificationRules,
    Rules, Season,
};
use crate::db::register::TournamentMark;
use crate::tournament::said::Said;

/// A tournament the circuit may count, as the form shows it.
pub struct Choice {
    pub id: i32,
    pub name: String,
    pub counts: bool,
    pub coefficient: String,
}

/// A category's row.
#[derive(Default)]
pub struct CategoryRow {
    pub code: String,
    pub name: String,
    pub rule: String,
    pub value: String,
    pub places: String,
    pub reserved: String,
}

/// The form's fields as drawn.
#[derive(Default)]
pub struct CircuitForm {
    pub name: String,
    pub start: String,
    pub end: String,
    pub best: String,
    pub lots_seed: String,
    pub choices: Vec<Choice>,
    pub kind: String,
    pub places: String,
    pub per_player: String,
    pub for_playing: String,
    pub per_point: String,
    pub categories: Vec<CategoryRow>,
    pub top: String,
    pub min_events: String,
}

/// Empty category rows the form offers beyond those the circuit has.
const MORE_CATEGORIES: usize = 3;

fn table_text(tables: &[PlaceTable]) -> String {
    tables
        .iter()
        .map(|t| {
            let points: Vec<String> = t.points.iter().map(Hundredths::to_string).collect();
            if t.from_field <= 1 {
                points.join(" ")
            } else {
                format!("{}+: {}", t.from_field, points.join(" "))
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

impl CircuitForm {
    /// The form of `rules` (a new circuit's when `None`), offering every tournament here.
    pub fn of(rules: Option<&Rules>, tournaments: &[TournamentMark]) -> CircuitForm {
        let mut form = CircuitForm {
            kind: "by-place".into(),
            places: "25 18 15 12 10 8 6 4 2 1".into(),
            best: String::new(),
            lots_seed: chrono::Utc::now()
                .timestamp()
                .rem_euclid(1_000_000)
                .to_string(),
            top: "8".into(),
            min_events: "1".into(),
            ..CircuitForm::default()
        };
        if let Some(r) = rules {
            form.name = r.name.clone();
            form.start = r.season.start.to_string();
            form.end = r.season.end.to_string();
            form.best = r.best.map(|b| b.to_string()).unwrap_or_default();
            form.lots_seed = r.lots_seed.to_string();
            form.top = r.qualification.top.to_string();
            form.min_events = r.qualification.min_events.to_string();
            match &r.points {
                PointsTable::ByPlace {
                    tables,
                    for_playing,
                } => {
                    form.places = table_text(tables);
                    form.for_playing = for_playing.to_string();
                }
                PointsTable::PlayersBeaten {
                    per_player,
                    for_playing,
                } => {
                    form.kind = "players-beaten".into();
                    form.per_player = per_player.to_string();
                    form.for_playing = for_playing.to_string();
                }
                PointsTable::GamePoints { per_point } => {
                    form.kind = "game-points".into();
                    form.per_point = per_point.to_string();
                }
            }
            form.categories = r
                .categories
                .iter()
                .map(|c| {
                    let (rule, value) = match &c.rule {
                        CategoryRule::Under { age } => ("under", age.to_string()),
                        CategoryRule::From { age } => ("from", age.to_string()),
                        CategoryRule::Women => ("women", String::new()),
                        CategoryRule::Federation { federation } => {
                            ("federation", federation.clone())
                        }
                        CategoryRule::Club { club } => ("club", club.clone()),
                    };
                    let places = |m: &BTreeMap<String, usize>| {
                        m.get(&c.code).map(|n| n.to_string()).unwrap_or_default()
                    };
                    CategoryRow {
                        code: c.code.clone(),
                        name: c.name.clone(),
                        rule: rule.into(),
                        value,
                        places: places(&r.qualification.per_category),
                        reserved: places(&r.qualification.reserved),
                    }
                })
                .collect();
        }
        form.categories
            .extend((0..MORE_CATEGORIES).map(|_| CategoryRow::default()));
        form.choices = tournaments
            .iter()
            .map(|t| {
                let counted = rules.and_then(|r| r.coefficient(i64::from(t.id)));
                Choice {
                    id: t.id,
                    name: t.name.clone(),
                    counts: counted.is_some(),
                    coefficient: counted.unwrap_or(Hundredths::one()).to_string(),
                }
            })
            .collect();
        form
    }

    /// The form as it was sent, to draw again with its problems.
    pub fn sent(fields: &HashMap<String, String>, tournaments: &[TournamentMark]) -> CircuitForm {
        let get = |k: &str| fields.get(k).cloned().unwrap_or_default();
        let rows = (0..)
            .take_while(|i| fields.contains_key(&format!("cat_code_{i}")))
            .map(|i| CategoryRow {
                code: get(&format!("cat_code_{i}")),
                name: get(&format!("cat_name_{i}")),
                rule: get(&format!("cat_rule_{i}")),
                value: get(&format!("cat_value_{i}")),
                places: get(&format!("cat_places_{i}")),
                reserved: get(&format!("cat_reserved_{i}")),
            })
            .collect();
        CircuitForm {
            name: get("name"),
            start: get("start"),
            end: get("end"),
            best: get("best"),
            lots_seed: get("lots_seed"),
            choices: tournaments
                .iter()
                .map(|t| Choice {
                    id: t.id,
                    name: t.name.clone(),
                    counts: fields.contains_key(&format!("count_{}", t.id)),
                    coefficient: get(&format!("coef_{}", t.id)),
                })
                .collect(),
            kind: get("kind"),
            places: get("places"),
            per_player: get("per_player"),
            for_playing: get("for_playing"),
            per_point: get("per_point"),
            categories: rows,
            top: get("top"),
            min_events: get("min_events"),
        }
    }

    /// The rules the form says, or every problem it has.
    pub fn read(&self) -> Result<Rules, Vec<Said>> {
        let mut problems = Vec::new();
        let p = &mut problems;
        let mut number = |text: &str, field: &'static str| number(p, text, field);
        let for_playing = number(&self.for_playing, "for-playing");
        let points = match self.kind.as_str() {
            "players-beaten" => PointsTable::PlayersBeaten {
                per_player: number(&self.per_player, "per-player"),
                for_playing,
            },
            "game-points" => PointsTable::GamePoints {
                per_point: number(&self.per_point, "per-point"),
            },
            _ => PointsTable::ByPlace {
                tables: self.tables(&mut number),
                for_playing,
            },
        };
        let mut events = Vec::new();
        for c in self.choices.iter().filter(|c| c.counts) {
            let coefficient = if c.coefficient.trim().is_empty() {
                Hundredths::one()
            } else {
                number(&c.coefficient, "coefficient")
            };
            events.push(CountingEvent {
                tournament_id: i64::from(c.id),
                coefficient,
            });
        }
        let best = whole(&mut problems, &self.best, "best");
        let top = whole(&mut problems, &self.top, "top").unwrap_or(0);
        let min_events = whole(&mut problems, &self.min_events, "min-events").unwrap_or(0);
        let lots_seed = whole(&mut problems, &self.lots_seed, "lots-seed").unwrap_or(0) as u64;
        let mut categories = Vec::new();
        let mut qualification = QualificationRules {
            top,
            min_events,
            ..QualificationRules::default()
        };
        for row in self.categories.iter().filter(|r| !r.code.trim().is_empty()) {
            let code = row.code.trim().to_string();
            let age = |problems: &mut Vec<Said>| {
                row.value.trim().parse::<i32>().unwrap_or_else(|_| {
                    problems.push(crate::said!("circuit-category-age", code = code.clone()));
                    0
                })
            };
            let rule = match row.rule.as_str() {
                "under" => CategoryRule::Under {
                    age: age(&mut problems),
                },
                "from" => CategoryRule::From {
                    age: age(&mut problems),
                },
                "federation" => CategoryRule::Federation {
                    federation: row.value.trim().to_string(),
                },
                "club" => CategoryRule::Club {
                    club: row.value.trim().to_string(),
                },
                _ => CategoryRule::Women,
            };
            if let Some(n) = whole(&mut problems, &row.places, "category-places").filter(|n| *n > 0)
            {
                qualification.per_category.insert(code.clone(), n);
            }
            if let Some(n) =
                whole(&mut problems, &row.reserved, "reserved-places").filter(|n| *n > 0)
            {
                qualification.reserved.insert(code.clone(), n);
            }
            categories.push(CircuitCategory {
                name: if row.name.trim().is_empty() {
                    code.clone()
                } else {
                    row.name.trim().to_string()
                },
                code,
                rule,
            });
        }
        let date = |text: &str, field: &'static str, problems: &mut Vec<Said>| {
            text.trim().parse().unwrap_or_else(|_| {
                problems.push(crate::said!("circuit-field-not-date", field));
                chrono::NaiveDate::MIN
            })
        };
        let season = Season {
            start: date(&self.start, "season-start", &mut problems),
            end: date(&self.end, "season-end", &mut problems),
        };
        if !problems.is_empty() {
            return Err(problems);
        }
        Ok(Rules {
            name: self.name.trim().to_string(),
            season,
            events,
            points,
            best,
            categories,
            qualification,
            lots_seed,
            declined: Vec::new(),
            final_tournament: None,
        })
    }

    /// The tables of places: a line each, `6+:` first for the fields of 6 players or more.
    fn tables(&self, number: &mut impl FnMut(&str, &'static str) -> Hundredths) -> Vec<PlaceTable> {
        self.places
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(|line| {
                let (from, points) = match line.split_once(':') {
                    Some((from, points)) => (
                        from.trim()
                            .trim_end_matches('+')
                            .trim()
                            .parse()
                            .unwrap_or(0),
                        points,
                    ),
                    None => (1, line),
                };
                PlaceTable {
                    from_field: from.max(1),
                    points: points
                        .split(|c: char| c.is_whitespace() || c == ';')
                        .filter(|p| !p.is_empty())
                        .map(|p| number(p, "places"))
                        .collect(),
                }
            })
            .collect()
    }
}

/// A number to the hundredth typed in `field`; an empty box is 0.
fn number(problems: &mut Vec<Said>, text: &str, field: &'static str) -> Hundredths {
    if text.trim().is_empty() {
        return Hundredths(0);
    }
    Hundredths::parse(text).unwrap_or_else(|| {
        problems.push(crate::said!(
            "circuit-field-not-number",
            field,
            text = text.trim()
        ));
        Hundredths(0)
    })
}

/// A whole number typed in `field`; `None` for an empty box.
fn whole(problems: &mut Vec<Said>, text: &str, field: &'static str) -> Option<usize> {
    let t = text.trim();
    if t.is_empty() {
        return None;
    }
    t.parse().map(Some).unwrap_or_else(|_| {
        problems.push(crate::said!("circuit-field-not-whole", field, text = t));
        None
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mark(id: i32, name: &str) -> TournamentMark {
        TournamentMark {
            id,
            name: name.into(),
            rated: false,
            last_day: None,
        }
    }

    /// The fields the form's page sends for `form`, as `templates/circuits/form.html` names them.
    fn fields(form: &CircuitForm) -> HashMap<String, String> {
        let mut f: HashMap<String, String> = [
            ("name", &form.name),
            ("start", &form.start),
            ("end", &form.end),
            ("best", &form.best),
            ("lots_seed", &form.lots_seed),
            ("kind", &form.kind),
            ("places", &form.places),
            ("per_player", &form.per_player),
            ("for_playing", &form.for_playing),
            ("per_point", &form.per_point),
            ("top", &form.top),
            ("min_events", &form.min_events),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v.clone()))
        .collect();
        for c in &form.choices {
            if c.counts {
                f.insert(format!("count_{}", c.id), "on".into());
            }
            f.insert(format!("coef_{}", c.id), c.coefficient.clone());
        }
        for (i, k) in form.categories.iter().enumerate() {
            for (name, value) in [
                ("code", &k.code),
                ("name", &k.name),
                ("rule", &k.rule),
                ("value", &k.value),
                ("places", &k.places),
                ("reserved", &k.reserved),
            ] {
                f.insert(format!("cat_{name}_{i}"), value.clone());
            }
        }
        f
    }

    #[test]
    fn the_form_of_a_circuit_reads_back_as_its_rules() {
        let marks = [
            mark(11, "Accra Open"),
            mark(12, "Tema Cup"),
            mark(13, "Final"),
        ];
        let rules: Rules = serde_json::from_str(
            r#"{"name": "Accra Grand Prix", "season": {"start": "2027-01-01", "end": "2027-11-30"},
                "events": [{"tournament_id": 11}, {"tournament_id": 13, "coefficient": 1.5}],
                "points": {"kind": "by-place", "tables": [{"points": [10, 6, 4.5, 3]},
                           {"from_field": 6, "points": [15, 10, 7]}], "for_playing": 1},
                "best": 2,
                "categories": [{"code": "U14", "name": "Under 14", "rule": "under", "age": 14},
                               {"code": "ASH", "name": "Ashanti", "rule": "federation",
                                "federation": "Ashanti"}],
                "qualification": {"top": 4, "per_category": {"U14": 1}, "reserved": {"ASH": 2},
                                  "min_events": 2},
                "lots_seed": 99}"#,
        )
        .unwrap();
        let form = CircuitForm::of(Some(&rules), &marks);
        let again = CircuitForm::sent(&fields(&form), &marks).read().unwrap();
        assert_eq!(again, rules);
        for kind in [
            r#"{"kind": "players-beaten", "per_player": 0.5, "for_playing": 2}"#,
            r#"{"kind": "game-points", "per_point": 3}"#,
        ] {
            let other = Rules {
                points: serde_json::from_str(kind).unwrap(),
                ..rules.clone()
            };
            let form = CircuitForm::of(Some(&other), &marks);
            assert_eq!(
                CircuitForm::sent(&fields(&form), &marks).read().unwrap(),
                other
            );
        }
    }

    #[test]
    fn every_problem_of_the_form_is_named() {
        let marks = [mark(11, "Accra Open")];
        let mut form = CircuitForm::of(None, &marks);
        form.name = "League".into();
        form.start = "soon".into();
        form.end = "2027-12-31".into();
        form.best = "two".into();
        form.places = "10 6 x".into();
        form.choices[0].counts = true;
        form.choices[0].coefficient = "1.125".into();
        form.categories[0].code = "U14".into();
        form.categories[0].rule = "under".into();
        form.categories[0].value = "fourteen".into();
        let problems: Vec<String> = form
            .read()
            .unwrap_err()
            .iter()
            .map(|s| crate::wording::refusals::said(crate::locale::Lang::default(), s))
            .collect();
        assert_eq!(
            problems,
            [
                "points by place: \"x\" is not a number of at most two decimals",
                "a coefficient: \"1.125\" is not a number of at most two decimals",
                "results that count: \"two\" is not a whole number",
                "category U14: the age is not a whole number",
                "first day: not a date",
            ]
        );
    }
}
