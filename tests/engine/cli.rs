//! The command line as other tools drive it: `replay --json`, `validate`, `perft`.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

use crate::data;

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_oware-tournament"))
}

fn run_with_stdin(args: &[&str], stdin: &str) -> Output {
    let mut child = bin()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The program may refuse its arguments and exit before reading: a broken pipe is fine.
    let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    child.wait_with_output().unwrap()
}

fn fixture_lines() -> Vec<Value> {
    std::fs::read_to_string(data("abapa-random-games.jsonl"))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn temp_file(name: &str, contents: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("oware-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

#[test]
fn replay_json_matches_the_fixture() {
    let game = &fixture_lines()[7];
    let out = run_with_stdin(&["replay", "--json", "-"], game["moves"].as_str().unwrap());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["rules"], "abapa");
    let plies = json["plies"].as_array().unwrap();
    let expected = game["plies"].as_array().unwrap();
    assert_eq!(plies.len(), expected.len());
    for (i, (ply, want)) in plies.iter().zip(expected).enumerate() {
        assert_eq!(ply["ply"], i + 1);
        assert_eq!(ply["side"], if i % 2 == 0 { "south" } else { "north" });
        assert_eq!(ply["board"], want["board"]);
        assert_eq!(ply["stores"], want["scores"]);
        let letter = ply["move"].as_str().unwrap().chars().next().unwrap();
        let pit = ply["pit"].as_u64().unwrap() as usize;
        assert_eq!(letter, "ABCDEFabcdef".chars().nth(pit).unwrap());
    }
    // Exactly the documented keys, in the documented order.
    let mut keys: Vec<&str> = plies[0]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort_unstable();
    assert_eq!(
        keys,
        [
            "board", "captured", "move", "pit", "ply", "side", "sown", "stores"
        ]
    );
    let raw = String::from_utf8_lossy(&out.stdout);
    assert!(
        raw.starts_with(r#"{"rules":"abapa","plies":[{"ply":1,"side":"south","move":""#),
        "{raw}"
    );
    assert!(raw.contains(r#","sown":"#) && raw.contains(r#"],"end":{"reason":""#));
    assert_eq!(json["end"]["reason"], game["end"]["reason"]);
    assert_eq!(json["end"]["stores"], game["end"]["scores"]);
    assert_eq!(json["end"]["winner"], game["end"]["winner"]);
}

#[test]
fn replay_json_in_progress_and_errors() {
    let out = run_with_stdin(&["replay", "--json"], "1. C f 2. B");
    assert!(out.status.success());
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["end"]["reason"], "in-progress");
    assert_eq!(json["end"]["winner"], Value::Null);

    let out = run_with_stdin(&["replay", "--json", "-"], "1. C f 2. B Z");
    assert_eq!(out.status.code(), Some(1));
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    let error = &json["error"];
    assert_eq!(error["ply"], 4);
    assert_eq!(error["token"], "Z");
    assert_eq!(error["kind"], "unknown-token");
    assert_eq!(error["position"], "5-0-2-7-6-6-6-4-4-4-4-0-0-0-N");
    assert!(error["message"].as_str().unwrap().contains("\"Z\""));
    assert!(
        String::from_utf8_lossy(&out.stdout)
            .starts_with(r#"{"error":{"ply":4,"token":"Z","kind":"unknown-token","message":"#)
    );
    assert_eq!(error.as_object().unwrap().len(), 5);

    // Without --json the diagnostic goes to standard error with a diagram.
    let out = run_with_stdin(&["replay"], "C C");
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stderr);
    assert!(text.contains("ply 2") && text.contains("wrong-side") && text.contains("f  e  d"));
}

#[test]
fn replay_options_rules_notation_and_end() {
    let out = run_with_stdin(
        &[
            "replay",
            "--json",
            "--notation",
            "relative",
            "--end",
            "resignation:north",
        ],
        "3 6 2",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["end"]["reason"], "resignation");
    assert_eq!(json["end"]["winner"], "south");
    assert_eq!(json["plies"][1]["move"], "f");

    let out = run_with_stdin(
        &[
            "replay",
            "--json",
            "--rules",
            "merkel",
            "--end",
            "agreement",
        ],
        "C f",
    );
    assert!(out.status.success());
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["rules"], "merkel");
    assert_eq!(json["end"]["reason"], "agreement");
    assert_eq!(json["end"]["stores"], serde_json::json!([27, 21]));

    let out = run_with_stdin(&["replay", "--rules", "chess"], "C");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown rule preset"));
}

#[test]
fn replay_reads_ogn_and_checks_its_result() {
    let game = &fixture_lines()[3];
    let moves = game["moves"].as_str().unwrap();
    let scores = &game["end"]["scores"];
    let good = format!(
        "[Event \"Test\"]\n[South \"Ama\"]\n[North \"Kofi\"]\n[Result \"{}-{}\"]\n\n{moves}\n",
        scores[0], scores[1]
    );
    let out = run_with_stdin(&["replay", "--json"], &good);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let bad = good.replace(
        &format!("\"{}-{}\"", scores[0], scores[1]),
        &format!("\"{}-{}\"", scores[1], scores[0]),
    );
    if bad != good {
        let out = run_with_stdin(&["replay", "--json"], &bad);
        assert_eq!(out.status.code(), Some(1));
        let json: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(json["error"]["kind"], "wrong-seeds");
        assert_eq!(
            json["error"]["ply"],
            game["plies"].as_array().unwrap().len()
        );
    }
}

#[test]
fn validate_reports_each_bad_game_by_line() {
    let games = fixture_lines();
    let mut lines: Vec<String> = games
        .iter()
        .take(40)
        .map(|g| g["moves"].as_str().unwrap().to_string())
        .collect();
    lines[5] = format!("{} A", lines[5]); // a move after the end
    lines[17] = lines[17].replacen(' ', " Q ", 1); // an unknown token at ply 2
    let path = temp_file("games.txt", &(lines.join("\n") + "\n"));
    let out = bin().arg("validate").arg(&path).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    let report: Vec<&str> = text.lines().collect();
    assert_eq!(report.len(), 3, "{text}");
    assert!(report[0].contains(":6: after-end"), "{text}");
    assert!(
        report[1].contains(":18: unknown-token") && report[1].contains("move 1, North"),
        "{text}"
    );
    assert!(
        report[2].starts_with("40 games") && report[2].contains("38 good, 2 bad"),
        "{text}"
    );

    let good = temp_file("good.txt", games[0]["moves"].as_str().unwrap());
    let out = bin().arg("validate").arg(&good).output().unwrap();
    assert!(out.status.success());
}

#[test]
fn validate_reads_ogn_files_with_many_games() {
    let games = fixture_lines();
    let mut ogn = String::new();
    for (i, g) in games.iter().take(10).enumerate() {
        let scores = &g["end"]["scores"];
        // Game 4 declares the wrong seeds.
        let result = if i == 4 {
            "0-0".to_string()
        } else {
            format!("{}-{}", scores[0], scores[1])
        };
        ogn.push_str(&format!(
            "[Round \"{}\"]\n[Result \"{result}\"]\n\n{}\n\n",
            i + 1,
            g["moves"].as_str().unwrap()
        ));
    }
    let path = temp_file("games.ogn", &ogn);
    let out = bin().arg("validate").arg(&path).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains(":21: wrong-seeds") && text.contains("move 30, South"),
        "{text}"
    );
    assert!(
        text.contains("10 games") && text.contains("9 good, 1 bad"),
        "{text}"
    );
}

#[test]
fn perft_counts() {
    let out = bin().args(["perft", "--depth", "5"]).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "5219");
    let out = bin()
        .args([
            "perft",
            "--depth",
            "1",
            "--position",
            "1-0-0-0-0-1-0-0-0-0-0-0-23-23-S",
        ])
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "1");
    let out = bin()
        .args(["perft", "--depth", "2", "--position", "not-a-position"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn replay_suggests_how_to_mend_a_refused_record() {
    let game = &fixture_lines()[3];
    let moves: Vec<&str> = game["moves"].as_str().unwrap().split(' ').collect();
    let scores = &game["end"]["scores"];
    // Two neighbouring moves swapped on the sheet.
    let at = moves.len() / 2;
    let mut slipped = moves.clone();
    slipped.swap(at, at + 1);
    let record = format!(
        "[Event \"Test\"]\n[Result \"{}-{}\"]\n\n{}\n",
        scores[0],
        scores[1],
        slipped.join(" ")
    );
    let out = run_with_stdin(&["replay", "--json", "--suggest"], &record);
    assert_eq!(out.status.code(), Some(1));
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    let suggestions = json["error"]["suggestions"].as_array().unwrap();
    let truth = moves.join(" ");
    let place = suggestions
        .iter()
        .position(|s| s["moves"] == truth.as_str())
        .expect("the true list is suggested");
    assert!(place < 3, "at {place}");
    let edit = &suggestions[place]["edits"][0];
    assert_eq!(edit["kind"], "swap");
    assert_eq!(edit["ply"], at as u64 + 1);
    assert_eq!(
        edit["was"],
        format!("{} {}", slipped[at], slipped[at + 1]).as_str()
    );
    // Without --suggest the error is as before; as text, the suggestions follow the diagnostic.
    let out = run_with_stdin(&["replay", "--json"], &record);
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(json["error"].get("suggestions").is_none());
    let out = run_with_stdin(&["replay", "--suggest"], &record);
    let text = String::from_utf8_lossy(&out.stderr);
    assert!(text.contains("suggestions, best first"), "{text}");
    let (n, side) = (
        (at + 2) / 2,
        if at.is_multiple_of(2) {
            "South"
        } else {
            "North"
        },
    );
    assert!(
        text.contains(&format!("swap at move {n}, {side} (ply {})", at + 1)),
        "{text}"
    );
}

/// `tests/data/auale-games.ogn`: four records as Aualé writes them (tag roster with `?`,
/// `[Variant "Oware Abapa"]`, a set-up `FEN`, wrapped movetext, and games ended on a repeated
/// position whose last move's `+N` counts the seeds gathered at the end).
#[test]
fn aualés_records_are_read_whole() {
    let path = data("auale-games.ogn");
    let out = bin().arg("validate").arg(&path).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(
        text.contains("4 games") && text.contains("4 good, 0 bad"),
        "{text}"
    );
    // Each record on its own: the tags with `?` are no values, the last move's claim of the
    // seeds gathered after a repetition is accepted, and the result agrees.
    let file = std::fs::read_to_string(&path).unwrap();
    let records: Vec<String> = file
        .split("\n\n[")
        .enumerate()
        .map(|(i, r)| {
            if i == 0 {
                r.to_string()
            } else {
                format!("[{r}")
            }
        })
        .collect();
    assert_eq!(records.len(), 4);
    let mut repetitions = 0;
    for record in &records {
        let out = run_with_stdin(&["replay", "--json"], record);
        assert!(
            out.status.success(),
            "{record}\n{}",
            String::from_utf8_lossy(&out.stdout)
        );
        let json: Value = serde_json::from_slice(&out.stdout).unwrap();
        if json["end"]["reason"] == "repetition" {
            repetitions += 1;
            let last = record.split_whitespace().rev().nth(1).unwrap();
            assert!(
                last.contains('+'),
                "the last move claims the seeds gathered: {last}"
            );
        }
    }
    assert_eq!(
        repetitions, 2,
        "two of the records end on a repeated position"
    );
    // The claim must still be right: one seed more is refused.
    let repeated = &records[3];
    let wrong = repeated.replace("e+1", "e+2");
    assert_ne!(&wrong, repeated);
    let out = run_with_stdin(&["replay", "--json"], &wrong);
    assert_eq!(out.status.code(), Some(1));
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["error"]["kind"], "wrong-claim");
}

#[test]
fn rules_given_stand_instead_of_the_variant_tag() {
    let record = std::fs::read_to_string(data("auale-games.ogn"))
        .unwrap()
        .split("\n\n[")
        .next()
        .unwrap()
        .replace("Oware Abapa", "Kalah");
    let out = run_with_stdin(&["replay", "--json"], &record);
    assert_eq!(out.status.code(), Some(1));
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["error"]["kind"], "bad-record");
    let out = run_with_stdin(&["replay", "--json", "--rules", "abapa"], &record);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let path = temp_file("kalah.ogn", &record);
    let out = bin().arg("validate").arg(&path).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let out = bin()
        .args(["validate", "--rules", "abapa"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

#[test]
fn a_bad_tag_line_is_its_games_error_and_the_next_games_are_checked() {
    let path = data("auale-broken-tag.ogn");
    let out = bin().arg("validate").arg(&path).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("3 games") && text.contains("2 good, 1 bad"),
        "{text}"
    );
    let bad_line = std::fs::read_to_string(&path)
        .unwrap()
        .lines()
        .position(|l| l.contains("Accra"))
        .unwrap()
        + 1;
    assert!(text.contains(&format!(":{bad_line}: bad-record")), "{text}");
    assert!(text.contains("no closing quote"), "{text}");
}

#[test]
fn perft_ends_a_line_on_a_repeated_position_unless_told_not_to() {
    // One seed a side: the position comes again after twelve plies.
    let position = "0-0-0-0-1-0-0-0-0-0-0-1-23-23-S";
    let count = |extra: &[&str]| {
        let out = bin()
            .args(["perft", "--depth", "13", "--position", position])
            .args(extra)
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout).trim().to_string()
    };
    assert_eq!(count(&[]), "0", "the game ended at ply 12");
    assert_eq!(count(&["--no-history"]), "1");
    // Rules without the repetition end count every line.
    assert_eq!(
        count(&["--rules", "tournament"]),
        count(&["--rules", "tournament", "--no-history"])
    );
}
