//! Tournament work: a PIN check, a sheet's verification, standings, a whole tournament's file
//! (checked, imported, written again as a hub does with a push). The Dutch pairing has its
//! own benchmark (`benches/fide.rs`).
//!
//! `cargo bench --bench tournament`; figures are in README.md.

use std::collections::{HashMap, HashSet};
use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use oware_tournament::auth::{Lane, hash_pin, hash_secret, verify_secret};
use oware_tournament::engine::Rules;
use oware_tournament::tournament::archive::{AuditPart, TournamentFile};
use oware_tournament::tournament::history::GameRecord;
use oware_tournament::tournament::sheets::{EndKind, Sheet, check_sheet};
use oware_tournament::tournament::standings::{Entrant, Format, standings};
use oware_tournament::tournament::{Points, ResultKind, Tiebreak, Winner};
use rand::rngs::StdRng;

#[path = "common/event_file.rs"]
mod event_file;
use rand::{Rng, SeedableRng};

fn secrets(c: &mut Criterion) {
    let mut group = c.benchmark_group("secrets");
    group.sample_size(20);
    let hash = hash_pin("042917");
    group.bench_function("PIN check (argon2id verify, 4 MiB, t=1)", |b| {
        b.iter(|| verify_secret(black_box("042917"), &hash, Lane::Anyone))
    });
    let password = hash_secret("correct horse battery");
    group.bench_function("password check (argon2id verify, 19 MiB, t=2)", |b| {
        b.iter(|| verify_secret(black_box("correct horse battery"), &password, Lane::Anyone))
    });
    // A hub's push token: 32 random characters, kept as a SHA-256 digest (as an argon2 hash
    // before).
    let secret = "Xc9kPq2mRt7vWz3nHb8dFg4jLs6yTa5e";
    let digest = oware_tournament::auth::token::digest(secret);
    group.bench_function("push token check (SHA-256, constant-time compare)", |b| {
        b.iter(|| oware_tournament::auth::token::matches(black_box(secret), &digest))
    });
    let argon = hash_secret(secret);
    group.bench_function("push token check as before (argon2id verify)", |b| {
        b.iter(|| verify_secret(black_box(secret), &argon, Lane::Anyone))
    });
    group.finish();
}

fn sheets(c: &mut Criterion) {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/abapa-random-games.jsonl"
    );
    let game: serde_json::Value = std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .find(|g| g["plies"].as_array().unwrap().len() == 100)
        .expect("a 100-ply fixture game");
    let winner = match game["end"]["winner"].as_str() {
        Some("south") => Winner::South,
        Some("north") => Winner::North,
        _ => Winner::Draw,
    };
    let scores = &game["end"]["scores"];
    let sheet = Sheet {
        winner,
        seeds: [
            scores[0].as_u64().unwrap() as u8,
            scores[1].as_u64().unwrap() as u8,
        ],
        end: EndKind::Natural,
        moves: game["moves"].as_str().unwrap().to_string(),
    };
    let rules = Rules::abapa();
    c.bench_function("sheet check, 100 plies", |b| {
        b.iter(|| check_sheet(black_box(&sheet), &rules, true).unwrap().plies)
    });
}

/// A 1,000-player, 9-round Swiss with random results, as the standings see it: each round
/// pairs the players in order of points, each with the next one not met yet.
fn swiss_history() -> (Vec<Entrant>, Vec<GameRecord>) {
    let mut rng = StdRng::seed_from_u64(11);
    let ids: Vec<i32> = (1..=1000).collect();
    let mut points: HashMap<i32, i32> = ids.iter().map(|&id| (id, 0)).collect();
    let mut met: HashSet<(i32, i32)> = HashSet::new();
    let mut records = Vec::new();
    for round in 1..=9 {
        let mut order = ids.clone();
        order.sort_by_key(|id| (-points[id], *id));
        let mut board = 0;
        while let Some(south) = order.first().copied() {
            order.remove(0);
            let Some(at) = order
                .iter()
                .position(|&o| !met.contains(&(south.min(o), south.max(o))))
            else {
                records.push(GameRecord {
                    id: records.len() as i32,
                    round,
                    board: None,
                    south,
                    north: None,
                    result: Some((ResultKind::Bye, None)),
                    seeds: None,
                    match_points: None,
                });
                continue;
            };
            let north = order.remove(at);
            met.insert((south.min(north), south.max(north)));
            let (winner, ps, pn, seeds) = match rng.gen_range(0..10) {
                0 => (Winner::Draw, 1, 1, (24, 24)),
                1..=5 => (Winner::South, 2, 0, (26, 18)),
                _ => (Winner::North, 0, 2, (17, 25)),
            };
            *points.get_mut(&south).unwrap() += ps;
            *points.get_mut(&north).unwrap() += pn;
            board += 1;
            records.push(GameRecord {
                id: records.len() as i32,
                round,
                board: Some(board),
                south,
                north: Some(north),
                result: Some((ResultKind::Played, Some(winner))),
                seeds: Some(seeds),
                match_points: None,
            });
        }
    }
    let entrants = ids
        .iter()
        .map(|&id| Entrant {
            id,
            name: format!("Player {id}"),
            club: String::new(),
            rating: Some(2400 - id),
        })
        .collect();
    (entrants, records)
}

fn standings_bench(c: &mut Criterion) {
    let (entrants, records) = swiss_history();
    // Every tie-break the project knows.
    let codes = Tiebreak::OFFERED;
    let scoring = Points::default();
    let format = Format {
        round_robin: false,
        rounds: Some(9),
        ..Format::default()
    };
    c.bench_function("standings, 1,000 players, 9 rounds, every tie-break", |b| {
        b.iter(|| {
            standings(
                black_box(&entrants),
                &records,
                &[],
                &scoring,
                &codes,
                9,
                format,
            )
            .len()
        })
    });
}

/// A 400-player, 11-round event as a tournament file: 2,200 games, each a fixture game with its
/// moves, confirmed (two sheets each), and an audit entry per sheet.
fn big_file() -> TournamentFile {
    event_file::event_file(400, 11, 11, "0123456789abcdef0123456789abcdef")
}

fn tournament_file(c: &mut Criterion) {
    use oware_tournament::service::{Actor, archive};
    use oware_tournament::tournament::archive::check;
    let file = big_file();
    let text = serde_json::to_string(&file).unwrap();
    eprintln!(
        "tournament file: 2,200 games, 4,400 sheets, {} bytes ({} pretty-printed)",
        text.len(),
        serde_json::to_string_pretty(&file).unwrap().len()
    );
    let mut group = c.benchmark_group("tournament file, 400 players, 11 rounds, 2,200 games");
    group.sample_size(10);
    group.bench_function("read and check (every sheet and result replayed)", |b| {
        b.iter(|| archive::read(black_box(&text)).unwrap().1.sheets.len())
    });
    let dir = tempfile::tempdir().unwrap();
    let url = dir.path().join("bench.db");
    let pool = oware_tournament::db::open(url.to_str().unwrap(), 1).unwrap();
    let mut conn = pool.get().unwrap();
    let checked = check(&file, 1500).unwrap();
    let pins = vec![(String::new(), "no PIN".to_string()); file.players.len()];
    group.bench_function("import (one transaction)", |b| {
        b.iter(|| {
            archive::import(&mut conn, &Actor::CommandLine, &file, &checked, &pins)
                .unwrap()
                .games
        })
    });
    let id = archive::import(&mut conn, &Actor::CommandLine, &file, &checked, &pins)
        .unwrap()
        .tournament
        .id;
    group.bench_function("a hub's copy written again (one transaction)", |b| {
        b.iter(|| {
            use diesel::Connection;
            conn.transaction(|conn| {
                archive::write_copy(conn, Some(id), &file, &checked, "the bench")
            })
            .unwrap()
        })
    });
    group.finish();
}

/// The file after one new sheet: a game's sheet sent again (a sheet of an id not seen before),
/// the game's time moved on, and the audit entry of it.
fn one_sheet_more(file: &mut TournamentFile, step: usize) {
    let i = step % file.games.len();
    let game = file.games[i].id;
    let mut sheet = file
        .sheets
        .iter()
        .find(|s| s.game == game)
        .cloned()
        .expect("a sheet of the game");
    sheet.id = 10_000_000 + step as i64;
    sheet.created_at += chrono::Duration::seconds(1);
    file.games[i].updated_at = sheet.created_at;
    file.audit.push(AuditPart {
        at: sheet.created_at,
        actor: format!("player Player {:03} (#{})", sheet.player, sheet.player),
        action: "game.sheet".to_string(),
        entity: "game".to_string(),
        entity_id: Some(game),
        before: None,
        after: Some(serde_json::json!({"sheet": sheet.id})),
        sender: None,
    });
    file.sheets.push(sheet);
}

/// The body of a venue's push of the changes from `file` (the hub's `version`, whose digest is
/// `held`) to `next`, and `next`'s digest.
fn changes_push(
    file: &TournamentFile,
    next: &TournamentFile,
    version: i64,
    held: &str,
) -> (String, String) {
    use oware_tournament::service::hub::digest;
    use oware_tournament::tournament::archive::FileChanges;
    let changes = FileChanges::between(file, next).expect("changes");
    let now = digest(next);
    let body = serde_json::to_string(&serde_json::json!({
        "version": version + 1, "since": {"version": version, "digest": held},
        "digest": now, "changes": changes,
    }))
    .unwrap();
    (body, now)
}

/// A hub taking a venue's push of the 400-player event, as the service does it (the token
/// already checked): the whole file, then one new sheet as the changes since the version the
/// hub took.
fn hub_push(c: &mut Criterion) {
    use oware_tournament::service::hub::digest;
    use oware_tournament::tournament::archive::FileChanges;
    use std::time::{Duration, Instant};
    let dir = tempfile::tempdir().unwrap();
    let (service, token, runtime) = hub(&dir);
    let take = |body: String| {
        let received = runtime
            .block_on(service.hub.take_push(token, body))
            .unwrap();
        assert!(received.taken, "{received:?}");
    };
    let mut file = big_file();
    let whole = |version: i64, file: &TournamentFile| {
        serde_json::to_string(
            &serde_json::json!({"version": version, "file": file, "digest": digest(file)}),
        )
        .unwrap()
    };
    let mut version = 1;
    let body = whole(version, &file);
    let whole_bytes = body.len();
    take(body);
    let mut group = c.benchmark_group("a hub taking a push of a 400-player, 11-round event");
    group.sample_size(10);
    group.bench_function(
        "the whole file (replayed, written in one transaction)",
        |b| {
            b.iter_custom(|iters| {
                let mut spent = Duration::ZERO;
                for _ in 0..iters {
                    version += 1;
                    let body = whole(version, &file);
                    let start = Instant::now();
                    take(body);
                    spent += start.elapsed();
                }
                spent
            })
        },
    );
    let mut held = digest(&file);
    let mut step = 0;
    let mut sizes = Vec::new();
    group.bench_function(
        "one new sheet as the changes since the hub's version",
        |b| {
            b.iter_custom(|iters| {
                let mut spent = Duration::ZERO;
                for _ in 0..iters {
                    let mut next = file.clone();
                    one_sheet_more(&mut next, step);
                    step += 1;
                    let (body, now) = changes_push(&file, &next, version, &held);
                    sizes.push(body.len());
                    let start = Instant::now();
                    take(body);
                    spent += start.elapsed();
                    (file, held, version) = (next, now, version + 1);
                }
                spent
            })
        },
    );
    let mut next = file.clone();
    one_sheet_more(&mut next, step);
    group.bench_function(
        "the venue: the changes between two exports (one sheet more)",
        |b| {
            b.iter(|| {
                FileChanges::between(black_box(&file), &next)
                    .unwrap()
                    .count()
            })
        },
    );
    group.finish();
    sizes.sort_unstable();
    eprintln!(
        "bytes on the wire: the whole file {whole_bytes}; one new sheet as changes {} (median of {})",
        sizes.get(sizes.len() / 2).copied().unwrap_or(0),
        sizes.len()
    );
    // A venue started again after its hub missed the last round: the changes since the hub's
    // last push (of the event as made, its records in their order).
    let file = big_file();
    let mut before = file.clone();
    let last = before.rounds.iter().map(|r| r.number).max().unwrap_or(0);
    before.games.retain(|g| g.round != last);
    let games: std::collections::HashSet<i64> = before.games.iter().map(|g| g.id).collect();
    before.sheets.retain(|s| games.contains(&s.game));
    before.rounds.retain(|r| r.number != last);
    let changes = FileChanges::between(&before, &file).expect("changes");
    let body = serde_json::json!({"version": version + 1, "since": {"version": version,
        "digest": digest(&before)}, "digest": digest(&file), "changes": changes});
    eprintln!(
        "a venue started again, its hub having missed round {last}: {} bytes of changes \
         ({} records) instead of the whole file's {whole_bytes}",
        serde_json::to_vec(&body).unwrap().len(),
        changes.count()
    );
}

/// A hub of its own on a temporary database, with a token: the service, the token's id, and a
/// runtime to run it on.
fn hub(
    dir: &tempfile::TempDir,
) -> (
    oware_tournament::service::Service,
    i32,
    tokio::runtime::Runtime,
) {
    let url = dir.path().join("hub.db");
    let url = url.to_str().unwrap();
    let pool = oware_tournament::db::open(url, 1).unwrap();
    let token = {
        let mut conn = pool.get().unwrap();
        let at = chrono::Utc::now().naive_utc();
        oware_tournament::db::publishing::insert_token(&mut conn, "bench", "x", at)
            .unwrap()
            .id
    };
    drop(pool);
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    (started(dir), token, runtime)
}

/// The hub's service started on its database (again).
fn started(dir: &tempfile::TempDir) -> oware_tournament::service::Service {
    let url = dir.path().join("hub.db");
    let url = url.to_str().unwrap();
    let writer = oware_tournament::db::Writer::open(url).unwrap();
    let readers = oware_tournament::db::open_readers(url, 2).unwrap();
    oware_tournament::service::Service::new(readers, writer, None)
}

/// The CPU this process's threads have spent so far, to the nanosecond
/// (`/proc/self/task/*/schedstat`: the time each thread has run).
fn cpu_spent() -> std::time::Duration {
    let nanos: u64 = std::fs::read_dir("/proc/self/task")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|task| std::fs::read_to_string(task.path().join("schedstat")).ok())
        .filter_map(|stat| stat.split_whitespace().next()?.parse::<u64>().ok())
        .sum();
    std::time::Duration::from_nanos(nanos)
}

/// A hub taking one new sheet as changes from events of 100 to 1,500 players (11 rounds, all
/// played): the time of each push, and the hub's CPU for it (every thread of the process: the
/// check and the writer), which should not grow with the event.
fn hub_push_by_size(c: &mut Criterion) {
    use oware_tournament::service::hub::digest;
    use std::time::{Duration, Instant};
    let mut group = c.benchmark_group("a hub taking one new sheet as changes");
    group.sample_size(10);
    let mut cpu = Vec::new();
    for players in [100, 400, 800, 1500] {
        let dir = tempfile::tempdir().unwrap();
        let (mut service, token, runtime) = hub(&dir);
        let take = |service: &oware_tournament::service::Service, body: String| {
            let received = runtime
                .block_on(service.hub.take_push(token, body))
                .unwrap();
            assert!(received.taken, "{received:?}");
        };
        let mut file = event_file::event_file(players, 11, 11, "0123456789abcdef0123456789abcdef");
        take(
            &service,
            serde_json::to_string(
                &serde_json::json!({"version": 1, "file": file, "digest": digest(&file)}),
            )
            .unwrap(),
        );
        let (mut version, mut held, mut step) = (1, digest(&file), 0);
        let (mut pushes, mut spent_cpu) = (0u32, Duration::ZERO);
        group.bench_function(format!("{players} players"), |b| {
            b.iter_custom(|iters| {
                let mut spent = Duration::ZERO;
                for _ in 0..iters {
                    let mut next = file.clone();
                    one_sheet_more(&mut next, step);
                    step += 1;
                    let (body, now) = changes_push(&file, &next, version, &held);
                    let (start, cpu_before) = (Instant::now(), cpu_spent());
                    take(&service, body);
                    spent += start.elapsed();
                    spent_cpu += cpu_spent().saturating_sub(cpu_before);
                    pushes += 1;
                    (file, held, version) = (next, now, version + 1);
                }
                spent
            })
        });
        // What reading the threads' times costs, with this hub's threads (it runs inside each
        // measure once).
        let reads = 200;
        let before = cpu_spent();
        for _ in 0..reads {
            black_box(cpu_spent());
        }
        let reading = cpu_spent().saturating_sub(before) / reads;
        // The hub started again: the next sheet still comes as changes, the copy read again
        // from the database and checked whole once.
        drop(service);
        service = started(&dir);
        let mut next = file.clone();
        one_sheet_more(&mut next, step);
        let (body, _) = changes_push(&file, &next, version, &held);
        let (bytes, start) = (body.len(), Instant::now());
        take(&service, body);
        let again = (bytes, start.elapsed());
        cpu.push((players, spent_cpu / pushes.max(1), pushes, reading, again));
    }
    group.finish();
    // A size whose measure was filtered out took no push: nothing to say of it.
    for (players, per_push, pushes, reading, (bytes, again)) in cpu {
        if pushes == 0 {
            continue;
        }
        eprintln!(
            "{players} players: the hub's CPU per push {:.2} ms (over {pushes} pushes; reading the threads' times, {:.2} ms, taken off); started again, the next push {bytes} bytes of changes, taken in {:.0} ms",
            per_push.saturating_sub(reading).as_secs_f64() * 1000.0,
            reading.as_secs_f64() * 1000.0,
            again.as_secs_f64() * 1000.0
        );
    }
}

/// A venue working out the push of one new sheet from events of 100 to 1,500 players (11
/// rounds, all played): from its log and the fingerprint it kept (what it does), and from two
/// whole exports as it did before (the export, its fingerprint and the changes between them,
/// and the file's JSON digest).
fn venue_push_by_size(c: &mut Criterion) {
    use diesel::Connection;
    use diesel::connection::SimpleConnection;
    use oware_tournament::service::sent::Sent;
    use oware_tournament::service::{Actor, archive, pushes};
    use oware_tournament::tournament::archive::{Fingerprint, check};
    use std::sync::Arc;
    use std::time::{Duration, Instant};
    let mut group = c.benchmark_group("a venue working out the push of one new sheet");
    group.sample_size(10);
    let mut sizes = Vec::new();
    for players in [100, 400, 800, 1500] {
        let dir = tempfile::tempdir().unwrap();
        let url = dir.path().join("venue.db");
        let pool = oware_tournament::db::open(url.to_str().unwrap(), 1).unwrap();
        let mut conn = pool.get().unwrap();
        let file = event_file::event_file(players, 11, 11, "0123456789abcdef0123456789abcdef");
        let checked = check(&file, 1500).unwrap();
        let pins = vec![(String::new(), "no PIN".to_string()); file.players.len()];
        let id = archive::import(&mut conn, &Actor::CommandLine, &file, &checked, &pins)
            .unwrap()
            .tournament
            .id;
        oware_tournament::db::publishing::put_link(&mut conn, id, "http://hub", "a.b").unwrap();
        let whole = archive::export(&mut conn, &Actor::CommandLine, id).unwrap();
        let print = Fingerprint::of(&whole);
        let mut kept = Arc::new(Sent {
            version: 1,
            digest: print.digest(),
            print: Arc::new(print),
            log: oware_tournament::db::venue_log::latest(&mut conn).unwrap(),
        });
        let mut step = 0;
        // One sheet more, as a player sends it: the sheet, the game's time, the audit entry.
        let mut one_sheet_more = |conn: &mut diesel::SqliteConnection| {
            step += 1;
            let sql = format!(
                "INSERT INTO sheets (game_id, player_id, winner, south_seeds, north_seeds, \
                 end_kind, moves, plies, verified, created_at) SELECT game_id, player_id, winner, \
                 south_seeds, north_seeds, end_kind, moves, plies, verified, datetime(created_at, \
                 '+1 second') FROM sheets WHERE game_id = (SELECT id FROM games WHERE \
                 tournament_id = {t} ORDER BY id LIMIT 1 OFFSET {step}) LIMIT 1;
                 UPDATE games SET updated_at = datetime(updated_at, '+1 second') WHERE id = \
                 (SELECT id FROM games WHERE tournament_id = {t} ORDER BY id LIMIT 1 OFFSET {step});
                 INSERT INTO audit_log (at, actor, action, tournament_id, entity, after) VALUES \
                 ('2026-12-06 10:00:00', 'player', 'game.sheet', {t}, 'game', '{{}}');",
                t = id.get()
            );
            conn.transaction(|conn| conn.batch_execute(&sql)).unwrap();
        };
        let mut bytes = 0;
        group.bench_function(format!("{players} players: from the log"), |b| {
            b.iter_custom(|iters| {
                let mut spent = Duration::ZERO;
                for _ in 0..iters {
                    one_sheet_more(&mut conn);
                    let start = Instant::now();
                    let changed = conn
                        .transaction(|conn| pushes::changes_since(conn, id, kept.clone()))
                        .unwrap();
                    let body = changed.body(kept.version + 1);
                    spent += start.elapsed();
                    bytes = body.len();
                    kept = Arc::new(changed.taken(kept.version + 1));
                }
                spent
            })
        });
        let whole = archive::export(&mut conn, &Actor::CommandLine, id).unwrap();
        let mut before = (Arc::new(Fingerprint::of(&whole)), whole);
        group.bench_function(format!("{players} players: two exports (before)"), |b| {
            b.iter_custom(|iters| {
                let mut spent = Duration::ZERO;
                for _ in 0..iters {
                    one_sheet_more(&mut conn);
                    let start = Instant::now();
                    let file = archive::export(&mut conn, &Actor::CommandLine, id).unwrap();
                    let print = Arc::new(Fingerprint::of(&file));
                    let changes = oware_tournament::tournament::archive::FileChanges::between(
                        &before.1, &file,
                    );
                    black_box(oware_tournament::service::hub::json_digest(&file));
                    black_box(serde_json::to_vec(&changes).unwrap());
                    spent += start.elapsed();
                    before = (print, file);
                }
                spent
            })
        });
        sizes.push((players, bytes));
    }
    group.finish();
    // A size whose measure was filtered out pushed nothing: nothing to say of it.
    for (players, bytes) in sizes.into_iter().filter(|(_, bytes)| *bytes > 0) {
        eprintln!("{players} players: one new sheet's push from the log, {bytes} bytes");
    }
}

/// What the venue's log costs its writes: a sheet written (the sheet, its game's time, the audit
/// entry), and a round's 200 games written and deleted again, in a 400-player event, first not
/// published, then published to a hub (every row logged by the database's triggers; the hub away,
/// so the log only grows), then without the triggers that keep the tournament's version.
fn logged_writes(c: &mut Criterion) {
    use diesel::Connection;
    use diesel::connection::SimpleConnection;
    use oware_tournament::service::{Actor, archive};
    use oware_tournament::tournament::archive::check;
    let mut group = c.benchmark_group("a venue's writes, 400 players");
    group.sample_size(20);
    let dir = tempfile::tempdir().unwrap();
    let url = dir.path().join("venue.db");
    let pool = oware_tournament::db::open(url.to_str().unwrap(), 1).unwrap();
    let mut conn = pool.get().unwrap();
    // As the service's writer commits (its syncs and checkpoints are its own, apart from the
    // writes: here the log is checkpointed as it grows, so that neither case pays for the other's
    // log).
    conn.batch_execute("PRAGMA synchronous = NORMAL; PRAGMA wal_autocheckpoint = 1000;")
        .unwrap();
    let file = big_file();
    let checked = check(&file, 1500).unwrap();
    let pins = vec![(String::new(), "no PIN".to_string()); file.players.len()];
    let t = archive::import(&mut conn, &Actor::CommandLine, &file, &checked, &pins)
        .unwrap()
        .tournament
        .id
        .get();
    let sheet = format!(
        "INSERT INTO sheets (game_id, player_id, winner, south_seeds, north_seeds, end_kind, \
         moves, plies, verified, created_at) SELECT game_id, player_id, winner, south_seeds, \
         north_seeds, end_kind, moves, plies, verified, created_at FROM sheets WHERE game_id = \
         (SELECT max(id) FROM games WHERE tournament_id = {t}) LIMIT 1;
         UPDATE games SET updated_at = datetime(updated_at, '+1 second') WHERE id = \
         (SELECT max(id) FROM games WHERE tournament_id = {t});
         INSERT INTO audit_log (at, actor, action, tournament_id, entity, after) VALUES \
         ('2026-12-06 10:00:00', 'player', 'game.sheet', {t}, 'game', '{{}}');"
    );
    let round = format!(
        "INSERT INTO rounds (tournament_id, number, created_at) VALUES ({t}, 99, \
         '2026-12-06 10:00:00');
         INSERT INTO games (tournament_id, round_id, board, south_id, north_id, status, \
         updated_at) SELECT {t}, (SELECT id FROM rounds WHERE tournament_id = {t} AND number = \
         99), board, south_id, north_id, 'pending', updated_at FROM games WHERE round_id = \
         (SELECT id FROM rounds WHERE tournament_id = {t} AND number = 11);
         DELETE FROM rounds WHERE tournament_id = {t} AND number = 99;"
    );
    // Last, the same without the triggers that keep the tournaments' versions: what they cost,
    // side by side in one run.
    for (published, versions) in [(false, true), (true, true), (true, false)] {
        if published && versions {
            let id = oware_tournament::tournament::TournamentId(t);
            oware_tournament::db::publishing::put_link(&mut conn, id, "http://hub", "a.b").unwrap();
        }
        if !versions {
            oware_tournament::db::tables::remake_triggers(&mut conn, "version_", "").unwrap();
        }
        let how = match (published, versions) {
            (false, _) => "not published",
            (true, true) => "published",
            (true, false) => "published, no versions kept",
        };
        for (what, sql) in [
            ("a sheet", &sheet),
            ("a round's 200 games and back", &round),
        ] {
            group.bench_function(format!("{what}, {how}"), |b| {
                b.iter(|| {
                    conn.transaction(|conn| conn.batch_execute(sql)).unwrap();
                })
            });
        }
    }
    group.finish();
}

criterion_group!(
    benches,
    secrets,
    sheets,
    standings_bench,
    tournament_file,
    hub_push,
    hub_push_by_size,
    venue_push_by_size,
    logged_writes
);
criterion_main!(benches);
