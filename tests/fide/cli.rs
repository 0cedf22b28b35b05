//! The `standings` command, as a controller runs it on a TRF file.

use std::process::Command;

fn standings(file: &std::path::Path, args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_oware-tournament"))
        .arg("standings")
        .arg(file)
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn standings_prints_every_players_tie_breaks_tab_separated() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/fide");
    for (name, _, expected) in crate::fixtures().into_iter().step_by(20) {
        // The codes as FIDE lists them, written with a dash as the users may.
        let codes: Vec<String> = expected["codes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_str().unwrap().replace('/', "-"))
            .filter(|c| c != "PTS")
            .collect();
        for (after, players) in expected["after"].as_object().unwrap() {
            let out = standings(
                &dir.join(&name),
                &["--tiebreaks", &codes.join(","), "--after", after],
            );
            assert!(
                out.status.success(),
                "{name}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            let text = String::from_utf8(out.stdout).unwrap();
            let mut lines = text.lines();
            let header: Vec<&str> = lines.next().unwrap().split('\t').collect();
            assert_eq!(header[..4], ["no", "name", "rank", "PTS"]);
            assert_eq!(
                header[4..],
                codes.iter().map(String::as_str).collect::<Vec<_>>()[..]
            );
            let mut numbers = Vec::new();
            for line in lines {
                let cells: Vec<&str> = line.split('\t').collect();
                assert_eq!(cells.len(), header.len(), "{name}: {line}");
                numbers.push(cells[0].parse::<u32>().unwrap());
                let want = &players[cells[0]];
                assert_eq!(
                    cells[2],
                    want["rank"].to_string(),
                    "{name} after {after}: {line}"
                );
                for (code, cell) in header[3..].iter().zip(&cells[3..]) {
                    let w = want[code.replace('-', "/")].as_f64().unwrap();
                    let got: f64 = cell.parse().unwrap();
                    assert!(
                        (w - got).abs() < 1e-9,
                        "{name} after {after}, player {}: {code} {cell}, FIDE's code says {w}",
                        cells[0]
                    );
                }
            }
            let mut sorted = numbers.clone();
            sorted.sort();
            assert_eq!(numbers, sorted, "players in pairing-number order");
            assert_eq!(numbers.len(), players.as_object().unwrap().len());
        }
    }
}

#[test]
fn standings_refuse_what_they_cannot_read() {
    let dir = tempfile::tempdir().unwrap();
    let good = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/fide/t0000.trf");
    let bad = dir.path().join("bad.trf");
    let text = std::fs::read_to_string(&good).unwrap();
    std::fs::write(&bad, text.replacen("28 b 1", "28 b 7", 1)).unwrap();
    let out = standings(&bad, &["--tiebreaks", "BH"]);
    assert_eq!(out.status.code(), Some(2));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("line 2") && said.contains("round 1"),
        "{said}"
    );
    let out = standings(&good, &["--tiebreaks", "BH,NOPE"]);
    assert_eq!(out.status.code(), Some(2));
    let out = standings(&good, &["--tiebreaks", "BH", "--after", "99"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("rounds 1 to"));
}

#[test]
fn generate_writes_a_tournament_the_standings_read() {
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_oware-tournament"))
            .arg("generate")
            .args(args)
            .output()
            .unwrap()
    };
    let args = [
        "--players",
        "30",
        "--rounds",
        "7",
        "--seed",
        "5",
        "--draws",
        "0.4",
        "--forfeits",
        "0.05",
        "--byes",
        "0.05",
    ];
    let out = run(&args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout.clone()).unwrap();
    let trf = oware_tournament::tournament::trf::Trf::parse(&text).unwrap();
    assert_eq!((trf.players.len(), trf.rounds()), (30, 7));
    assert_eq!(
        run(&args).stdout,
        out.stdout,
        "the same seed, the same tournament"
    );
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("random.trf");
    std::fs::write(&file, &text).unwrap();
    let out = standings(&file, &["--tiebreaks", "BH,SB,DE"]);
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap().lines().count(), 31);
    // Bad numbers are refused (2); a round that cannot be paired is status 1.
    assert_eq!(
        run(&["--players", "1", "--rounds", "3"]).status.code(),
        Some(2)
    );
    assert_eq!(
        run(&["--players", "3", "--rounds", "3", "--draws", "2"])
            .status
            .code(),
        Some(2)
    );
    let out = run(&[
        "--players",
        "4",
        "--rounds",
        "6",
        "--forfeits",
        "0",
        "--byes",
        "0",
        "--seed",
        "1",
    ]);
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
