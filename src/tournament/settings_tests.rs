//! The settings' checks, their stored form and what may change when.

use super::*;

fn input(json: serde_json::Value) -> SettingsInput {
    serde_json::from_value(json).unwrap()
}

#[test]
fn defaults_fill_what_is_not_given() {
    let s = TournamentSettings::parse(&input(serde_json::json!({
        "name": " Club night ", "rules": "abapa", "rounds": 5
    })))
    .unwrap();
    assert_eq!(s.name, "Club night");
    assert_eq!(s.format, Format::Swiss);
    assert_eq!(s.points, Points::default());
    assert_eq!(
        s.tiebreaks.iter().map(|t| t.code()).collect::<Vec<_>>(),
        ["BH", "SB", "SC"]
    );
    assert!(s.switches.require_moves && s.switches.require_confirmation);
}

#[test]
fn every_problem_is_reported() {
    let problems = TournamentSettings::parse(&input(serde_json::json!({
        "name": "", "rules": "chess", "rounds": 0, "pairing": "ladder",
        "points": {"win": 1, "draw": 2, "loss": 0, "bye": 1},
        "tiebreaks": ["BH", "XX", "BH"], "start_date": "2026-13-01"
    })))
    .unwrap_err();
    for field in [
        "name-",
        "rules-",
        "rounds-",
        "pairing-",
        "points-",
        "XX",
        "listed-twice",
        "start_date",
    ] {
        assert!(
            problems.iter().any(|p| p.to_string().contains(field)),
            "{field} in {problems:?}"
        );
    }
}

#[test]
fn rule_options_override_the_preset() {
    let s = TournamentSettings::parse(&input(serde_json::json!({
        "name": "T", "rules": "abapa", "rounds": 3,
        "rule_options": {"compulsory_capture": false, "grand_slam": "loses"}
    })))
    .unwrap();
    assert!(!s.rules.compulsory_capture);
    assert_eq!(s.rules.preset, Preset::Abapa);
    let bad = TournamentSettings::parse(&input(serde_json::json!({
        "name": "T", "rules": "abapa", "rounds": 3, "rule_options": {"colour": "red"}
    })))
    .unwrap_err();
    assert!(bad[0].to_string().contains("colour"));
    let bad = TournamentSettings::parse(&input(serde_json::json!({
        "name": "T", "rules": "abapa", "rounds": 3, "rule_options": {"grand_slam": "sometimes"}
    })))
    .unwrap_err();
    assert_eq!(bad[0].key, "rule-options");
}

#[test]
fn the_input_of_settings_gives_them_back() {
    let all = TournamentSettings::parse(&input(serde_json::json!({
        "name": "Kumasi Open", "venue": "Kumasi", "start_date": "2026-12-05",
        "end_date": "2026-12-06", "rules": "abapa", "rounds": 4, "pairing": "knockout",
        "rule_options": {"compulsory_capture": false},
        "points": {"win": 3, "draw": 1, "loss": 0, "bye": 3}, "tiebreaks": ["SC", "BH"],
        "require_moves": false, "require_confirmation": false, "club_rounds": 2,
        "match_games": 3, "match_length": "best-of", "match_start": "loser",
        "match_score": "game-points", "third_place": true, "tie_policy": "mso",
        "lots_seed": 12345, "check_in": "first"
    })))
    .unwrap();
    let plain = TournamentSettings::parse(&input(serde_json::json!({
        "name": "Club night", "rules": "merkel", "rounds": 5, "tiebreaks": []
    })))
    .unwrap();
    for settings in [all, plain] {
        let text = serde_json::to_string(&settings.input()).unwrap();
        let again = TournamentSettings::parse(&serde_json::from_str(&text).unwrap()).unwrap();
        assert_eq!(again, settings, "{text}");
    }
}

#[test]
fn a_setting_is_fixed_from_when_its_rule_says() {
    let settings = |json: serde_json::Value| {
        let mut all = serde_json::json!({"name": "T", "rules": "abapa", "rounds": 5});
        all.as_object_mut()
            .unwrap()
            .extend(json.as_object().unwrap().clone());
        TournamentSettings::parse(&input(all)).unwrap()
    };
    let before = settings(serde_json::json!({"pairing": "knockout", "third_place": true}));
    for (to, paired, published, refused) in [
        // The rules change what every published game was replayed under.
        (serde_json::json!({"rules": "merkel"}), true, false, None),
        (
            serde_json::json!({"rules": "merkel"}),
            true,
            true,
            Some(RULES_FIXED),
        ),
        // A knockout's kind, and what a pairing plays, change what was paired.
        (
            serde_json::json!({"third_place": false}),
            false,
            false,
            None,
        ),
        (
            serde_json::json!({"third_place": false}),
            true,
            false,
            Some(MATCHES_FIXED),
        ),
        (
            serde_json::json!({"pairing": "swiss"}),
            true,
            false,
            Some(MATCHES_FIXED),
        ),
        (
            serde_json::json!({"match_games": 3}),
            true,
            false,
            Some(MATCHES_FIXED),
        ),
        (
            serde_json::json!({"adjudication": "exact"}),
            true,
            false,
            Some("adjudication-fixed-once-paired"),
        ),
        // The rest may change at any time.
        (serde_json::json!({"name": "Renamed"}), true, true, None),
    ] {
        let mut to_json = serde_json::json!({"pairing": "knockout", "third_place": true});
        to_json
            .as_object_mut()
            .unwrap()
            .extend(to.as_object().unwrap().clone());
        let to = settings(to_json);
        assert_eq!(
            before.fixed_change(&to, paired, published),
            refused,
            "{to:?}"
        );
    }
}

#[test]
fn settings_show_their_rule_set_by_name_and_their_format_by_its_fields() {
    let s = TournamentSettings::parse(&input(serde_json::json!({
        "name": "Cup", "rules": "abapa", "rounds": 3, "pairing": "knockout",
        "double_elimination": true
    })))
    .unwrap();
    let shown = serde_json::to_value(&s).unwrap();
    let keys: Vec<&str> = shown
        .as_object()
        .unwrap()
        .keys()
        .map(|k| k.as_str())
        .collect();
    let mut expected = vec![
        "name",
        "venue",
        "start_date",
        "end_date",
        "rules",
        "rule_options",
        "rounds",
        "pairing",
        "third_place",
        "double_elimination",
        "points",
        "tiebreaks",
        "require_moves",
        "require_confirmation",
        "wall_ratings",
        "club_rounds",
        "matches",
        "event_id",
        "tie_policy",
        "lots_seed",
        "check_in",
        "adjudication",
        "language",
    ];
    let mut keys = keys;
    keys.sort_unstable();
    expected.sort_unstable();
    assert_eq!(keys, expected);
    assert_eq!(shown["rules"], "abapa");
    assert_eq!(
        shown["rule_options"]["compulsory_capture"],
        s.rules.compulsory_capture
    );
    assert_eq!(
        (&shown["pairing"], &shown["double_elimination"]),
        (&serde_json::json!("knockout"), &serde_json::json!(true))
    );
}

#[test]
fn every_format_is_stored_and_read_back_as_it_was() {
    for json in [
        serde_json::json!({"name": "Swiss", "rules": "abapa", "rounds": 5, "wall_ratings": true}),
        serde_json::json!({"name": "All", "rules": "tournament", "rounds": 7,
            "pairing": "round-robin", "rule_options": {"grand_slam": "loses"}}),
        serde_json::json!({"name": "Cup", "rules": "abapa", "rounds": 3, "pairing": "knockout"}),
        serde_json::json!({"name": "Cup", "rules": "abapa", "rounds": 3, "pairing": "knockout",
            "third_place": true, "match_games": 2}),
        serde_json::json!({"name": "Double", "rules": "abapa", "rounds": 6,
            "pairing": "knockout", "double_elimination": true}),
        serde_json::json!({"name": "Hand", "rules": "abapa", "rounds": 2, "pairing": "manual",
            "require_moves": false, "event_id": 3}),
    ] {
        let s = TournamentSettings::parse(&input(json.clone())).unwrap();
        let stored = s.stored();
        let back = TournamentSettings::from_stored(&stored).unwrap();
        // The event is the row's own column, not the record's.
        assert_eq!(
            back,
            TournamentSettings {
                event_id: None,
                ..s.clone()
            },
            "{json}"
        );
        assert_eq!(back.stored(), stored, "{json}");
    }
}
