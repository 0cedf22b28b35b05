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
    let trf = oware_tournament::fide::trf::Trf::parse(&text).unwrap();
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

fn run(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_oware-tournament"))
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn pair_prints_the_next_round_and_check_finds_a_round_paired_otherwise() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/fide");
    let tmp = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(dir.join("t0001.trf")).unwrap();
    let trf = oware_tournament::fide::trf::Trf::parse(&text).unwrap();

    // The file's own rounds: the next one, as `pair` prints it, is what the library pairs, and
    // written into the file it passes `check`.
    let path = dir.join("t0001.trf");
    let out = run(&["pair", path.to_str().unwrap()]);
    assert!(out.status.success());
    let printed = String::from_utf8(out.stdout).unwrap();
    let mut seen = std::collections::HashSet::new();
    for line in printed.lines() {
        let numbers: Vec<u32> = line
            .split(' ')
            .filter(|w| *w != "bye")
            .map(|w| w.parse().unwrap())
            .collect();
        for n in numbers {
            assert!(seen.insert(n), "{n} twice in {printed}");
        }
    }
    assert_eq!(
        seen.len(),
        trf.players.len(),
        "everyone paired or given the bye"
    );
    let out = run(&["check", path.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );

    // The sides of round 3's first board turned round: check says which round, and exits 1.
    let mut changed = trf.clone();
    let a = changed.cell(1, 3).opponent.unwrap();
    for x in [1, a] {
        let p = changed.players.iter_mut().find(|p| p.number == x).unwrap();
        p.rounds[2].colour = p.rounds[2].colour.map(|c| c.other());
    }
    let file = tmp.path().join("changed.trf");
    std::fs::write(&file, changed.write()).unwrap();
    let out = run(&["check", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let said = String::from_utf8(out.stdout).unwrap();
    assert!(said.contains("round 3: the Dutch system pairs"), "{said}");
    assert!(!said.contains("round 2:"), "{said}");

    // A round no pairing can make: status 1 and a sentence.
    let out = run(&["pair", dir.join("t0047.trf").to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8(out.stdout)
            .unwrap()
            .contains("no pairing")
    );
    // A file that does not read: status 2.
    let broken = tmp.path().join("broken.trf");
    std::fs::write(&broken, "001 not a player line\n").unwrap();
    assert_eq!(
        run(&["check", broken.to_str().unwrap()]).status.code(),
        Some(2)
    );
}

#[test]
fn a_generated_tournament_passes_check() {
    let tmp = tempfile::tempdir().unwrap();
    let out = run(&[
        "generate",
        "--players",
        "41",
        "--rounds",
        "7",
        "--seed",
        "5",
        "--byes",
        "0.05",
        "--forfeits",
        "0.05",
    ]);
    assert!(out.status.success());
    let file = tmp.path().join("generated.trf");
    std::fs::write(&file, &out.stdout).unwrap();
    let out = run(&["check", file.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

#[test]
fn standings_count_the_files_points_and_tie_breaks_by_default() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("club.trf");
    // Three points a win, one a draw (line 162); Buchholz then wins (line 202).
    std::fs::write(
        &file,
        "012 Club night\r\n162  W 3.0    D 1.0\r\n202 BH,WIN\r\n\
001    1      Mensah, Ama                       1800                             4.0    1     2 w 1     3 b =\r\n\
001    2      Owusu, Kofi                       1750                             1.0    3     1 b 0  0000 - U\r\n\
001    3      Boateng, Yaw                      1700                             1.0    2  0000 - H     1 w =\r\n",
    )
    .unwrap();
    let out = standings(&file, &[]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let rows: Vec<Vec<&str>> = text.lines().map(|l| l.split('\t').collect()).collect();
    assert_eq!(rows[0], ["no", "name", "rank", "PTS", "BH", "WIN"]);
    // Ama: a win and a draw, 3 + 1; Kofi: the pairing's bye, worth a win; Yaw: a half-point
    // bye and a draw, 1 + 1.
    let points: Vec<(&str, &str)> = rows[1..].iter().map(|r| (r[0], r[3])).collect();
    assert_eq!(points, [("1", "4"), ("2", "3"), ("3", "2")]);
    // Told otherwise, the command counts what it is told.
    let out = standings(&file, &["--tiebreaks", "SB"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("no\tname\trank\tPTS\tSB\n"), "{text}");
}
