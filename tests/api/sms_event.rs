//! A whole event by SMS through Kannel's real bearerbox and smsbox: seven Swiss rounds of forty
//! players, every pairing sent and every result texted (half as results, half as move lists,
//! some wrong and put right), each confirmed by the opponent's `OK` and the code (one disputed
//! with `NO`), a player withdrawn; the service restarted while players text, and bearerbox cut
//! off (SIGKILL) with the pairings of a round in its store while the phones are out of reach.
//!
//! The phones are a switchboard on the fake SMSC's own line protocol (`from to text ...`, as
//! Kannel's `fakesmsc` speaks it): `fakesmsc` itself sends messages drawn at random from its
//! arguments, one program a phone, where an event needs forty phones texting at once and the
//! moment each answer comes. The figures (answers' delays, pairings' delivery, messages and
//! parts by round) are printed: `cargo test --test api a_seven_round_event -- --nocapture`.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use awc::http::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::*;
use crate::sheets::publish;
use crate::sms::{Gateway, VENUE, free_port, log, sms_app, sms_config};
use crate::swiss::fixture_games;

/// A message a phone received: when, to which number, and its text.
type Received = (Instant, String, String);

/// Every player's phone on one line to the fake SMSC.
struct Switchboard {
    line: TcpStream,
}

impl Switchboard {
    /// Connects to the fake SMSC at `port`, keeping what was received before (`received`).
    fn connect(port: u16, received: Arc<Mutex<Vec<Received>>>) -> Switchboard {
        let started = Instant::now();
        let line = loop {
            match TcpStream::connect(("127.0.0.1", port)) {
                Ok(line) => break line,
                Err(e) => {
                    assert!(started.elapsed() < Duration::from_secs(30), "{e}");
                    std::thread::sleep(Duration::from_millis(50));
                }
            }
        };
        let reading = line.try_clone().unwrap();
        let kept = received.clone();
        std::thread::spawn(move || {
            for text in BufReader::new(reading).lines() {
                let Ok(text) = text else { return };
                // `<from> <to> text <text>`, or `data` with the text URL-encoded.
                let mut parts = text.splitn(4, ' ');
                let (_from, to, kind, body) = (
                    parts.next().unwrap_or(""),
                    parts.next().unwrap_or("").to_string(),
                    parts.next().unwrap_or(""),
                    parts.next().unwrap_or("").to_string(),
                );
                let body = if kind == "data" {
                    url::form_urlencoded::parse(format!("t={body}").as_bytes())
                        .next()
                        .map(|(_, v)| v.into_owned())
                        .unwrap_or_default()
                } else {
                    body
                };
                kept.lock().unwrap().push((Instant::now(), to, body));
            }
        });
        Switchboard { line }
    }

    /// `number` texts the venue.
    fn text(&mut self, number: &str, text: &str) {
        writeln!(self.line, "{number} {VENUE} text {text}").unwrap();
    }

    /// The phones go out of reach.
    fn hang_up(self) {
        let _ = self.line.shutdown(std::net::Shutdown::Both);
    }
}

/// The messages received so far.
fn received(all: &Arc<Mutex<Vec<Received>>>) -> Vec<Received> {
    all.lock().unwrap().clone()
}

/// Waits until `done` holds of the messages received (at most 3 minutes: a message lost fails
/// the test rather than hanging it).
async fn until(
    all: &Arc<Mutex<Vec<Received>>>,
    what: &str,
    done: impl Fn(&[Received]) -> bool,
) -> Vec<Received> {
    let started = Instant::now();
    loop {
        let now = received(all);
        if done(&now) {
            return now;
        }
        assert!(
            started.elapsed() < Duration::from_secs(180),
            "{what}: not received; the last ones: {:?}",
            now.iter().rev().take(10).collect::<Vec<_>>()
        );
        actix_web::rt::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Whether a message is one the service sends unasked (a pairing, a bye, a request to confirm,
/// a withdrawal) rather than an answer.
fn unasked(text: &str) -> bool {
    text.contains("you play")
        || text.contains("you have a bye")
        || text.contains("Reply OK")
        || text.contains("withdrawn")
}

/// A text sent and the answer it waits for.
struct Asked {
    number: String,
    at: Instant,
}

/// The delay of each answer to `asked`: the first message to its number after it that is no
/// unasked message, each message answering one text.
async fn answers(all: &Arc<Mutex<Vec<Received>>>, asked: &[Asked]) -> Vec<(Duration, String)> {
    let got = until(all, "every answer", |got| {
        matched(got, asked).iter().all(Option::is_some)
    })
    .await;
    matched(&got, asked).into_iter().flatten().collect()
}

fn matched(got: &[Received], asked: &[Asked]) -> Vec<Option<(Duration, String)>> {
    let mut used = vec![false; got.len()];
    asked
        .iter()
        .map(|a| {
            let i = got.iter().enumerate().position(|(i, (at, to, text))| {
                !used[i] && *to == a.number && *at >= a.at && !unasked(text)
            })?;
            used[i] = true;
            Some((got[i].0 - a.at, got[i].2.clone()))
        })
        .collect()
}

/// The parts a message takes (its text in the GSM alphabet: these are English).
fn parts(text: &str) -> usize {
    let n = text.chars().count();
    if n <= 160 { 1 } else { n.div_ceil(153) }
}

/// One round's figures.
#[derive(Default)]
struct RoundFigures {
    pairings_delivered: Duration,
    messages: usize,
    parts: usize,
}

#[actix_web::test]
async fn a_seven_round_event_by_sms_through_kannel() {
    let sendsms_port = free_port();
    let app = sms_app(sendsms_port).await;
    let mut handle = app.handle.clone();
    let mut gateway = Gateway::start(&app.address, sendsms_port);
    let all: Arc<Mutex<Vec<Received>>> = Arc::default();
    let mut phones = Some(Switchboard::connect(gateway.fake_port(), all.clone()));
    let organiser = app.organiser().await;
    let r = organiser
        .post_json(
            "/api/tournaments",
            &json!({"name": "Accra SMS Open", "rules": "abapa", "rounds": 7, "pairing": "swiss", "require_moves": false, "language": "en"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let t = r.json()["id"].as_i64().unwrap();
    // The players' phones come with the import, with their consent.
    let mut csv = String::from("name,phone,sms_consent\n");
    for i in 0..40 {
        csv.push_str(&format!("Player {i:02} of Accra,020 300 00{i:02},yes\n"));
    }
    let r = organiser
        .send(
            Method::POST,
            &format!("/api/tournaments/{t}/players/import"),
            Some("text/csv"),
            csv.into_bytes(),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let number: HashMap<i64, String> = r.json()["created"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
        .map(|(i, c)| (c["id"].as_i64().unwrap(), format!("2332030000{i:02}")))
        .collect();
    let r = organiser
        .put_json(
            &format!("/api/tournaments/{t}/sms"),
            &json!({"enabled": true, "cap": 20000}),
        )
        .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT, "{}", r.body);
    let fixtures: Vec<_> = fixture_games()
        .into_iter()
        .filter(|(moves, _, _)| moves.len() < 600)
        .collect();
    let mut delays: Vec<Duration> = Vec::new();
    let mut figures: Vec<RoundFigures> = Vec::new();
    let mut withdrawn: Option<i64> = None;
    for round in 1..=7i64 {
        let first = received(&all).len();
        let mut figure = RoundFigures::default();
        organiser
            .post_json(
                &format!("/api/tournaments/{t}/rounds"),
                &json!({"generate": true}),
            )
            .await;
        if round == 5 {
            // The phones out of reach: the round's pairings wait in bearerbox's store.
            phones.take().unwrap().hang_up();
        }
        let published = Instant::now();
        publish(&organiser, t, round).await;
        let playing: Vec<i64> = number
            .keys()
            .copied()
            .filter(|p| Some(*p) != withdrawn)
            .collect();
        if round == 5 {
            // Once the gateway has taken every pairing, bearerbox loses its power; started
            // again on its store, it sends them when the phones are back.
            let started = Instant::now();
            loop {
                let taken = log(&organiser, t)
                    .await
                    .iter()
                    .filter(|m| m["kind"] == "pairing" || m["kind"] == "bye")
                    .filter(|m| m["text"].as_str().is_some_and(|t| t.starts_with("Round 5")))
                    .filter(|m| m["state"] == "sent" || m["state"] == "delivered")
                    .count();
                if taken >= playing.len() {
                    break;
                }
                assert!(started.elapsed() < Duration::from_secs(60));
                actix_web::rt::time::sleep(Duration::from_millis(100)).await;
            }
            gateway.restart_bearerbox();
            phones = Some(Switchboard::connect(gateway.fake_port(), all.clone()));
        }
        let told = format!("Round {round}");
        let got = until(&all, &format!("round {round}'s pairings"), |got| {
            playing.iter().all(|p| {
                got[first..]
                    .iter()
                    .any(|(_, to, text)| *to == number[p] && text.starts_with(&told))
            })
        })
        .await;
        figure.pairings_delivered = got[first..]
            .iter()
            .filter(|(_, _, text)| text.starts_with(&told) && unasked(text))
            .map(|(at, _, _)| *at - published)
            .max()
            .unwrap();

        // Every result texted at once: even boards as results, odd ones as move lists; the
        // first text of boards 1 and 2 of every four wrong (a board that is not the player's, a move that is
        // not legal), then put right.
        let games = organiser
            .get(&format!("/api/tournaments/{t}/rounds/{round}"))
            .await
            .json()["games"]
            .as_array()
            .unwrap()
            .clone();
        let played: Vec<&Value> = games.iter().filter(|g| g["north"].is_object()).collect();
        let mut asked = Vec::new();
        let mut texts: Vec<(String, String)> = Vec::new();
        for (k, game) in played.iter().enumerate() {
            let board = game["board"].as_i64().unwrap();
            let (moves, result, seeds) = &fixtures[(round as usize * 20 + k) % fixtures.len()];
            let by = if board % 2 == 0 { "south" } else { "north" };
            let from = number[&game[by]["id"].as_i64().unwrap()].clone();
            let winner = match result.as_str() {
                "south" => "S",
                "north" => "N",
                _ => "D",
            };
            let right = if board % 2 == 0 {
                format!("R{round} B{board} {winner} {}-{}", seeds[0], seeds[1])
            } else {
                format!("R{round} B{board} {moves}")
            };
            if board % 4 == 1 {
                let mut wrong: Vec<String> = moves.split_whitespace().map(str::to_string).collect();
                wrong[2] = if wrong[2].chars().all(|c| c.is_ascii_uppercase()) {
                    wrong[2].to_lowercase()
                } else {
                    wrong[2].to_uppercase()
                };
                texts.push((
                    from.clone(),
                    format!("R{round} B{board} {}", wrong.join(" ")),
                ));
            } else if board % 4 == 2 {
                texts.push((from.clone(), format!("R{round} B{} S 25-23", board + 1)));
            }
            texts.push((from, right));
        }
        // Round 3: the service stops (a restart) while half the texts are on their way; the
        // gateway keeps them and hands them over once it is back.
        let half = texts.len() / 2;
        for (i, (from, text)) in texts.iter().enumerate() {
            if round == 3 && i == half {
                handle.stop(true).await;
            }
            asked.push(Asked {
                number: from.clone(),
                at: Instant::now(),
            });
            phones.as_mut().unwrap().text(from, text);
            // A player's second text comes after the answer to the first.
            if texts.get(i + 1).is_some_and(|(next, _)| next == from) && round != 3 {
                answers(&all, &asked).await;
            }
        }
        if round == 3 {
            actix_web::rt::time::sleep(Duration::from_secs(2)).await;
            let bind = app.address.trim_start_matches("http://").to_string();
            let (_, restarted) = start_with(&app.db_path, |c| {
                c.bind = bind;
                c.sms = Some(sms_config(sendsms_port));
            })
            .await;
            handle = restarted;
        }
        let answered = answers(&all, &asked).await;
        for (_, text) in &answered {
            assert!(
                !text.contains("went wrong") && !text.contains("not understood"),
                "{text}"
            );
        }
        delays.extend(answered.iter().map(|(d, _)| *d));

        // Each opponent confirms with the code they were sent; round 2's first board is
        // disputed, and the controller accepts the sheet.
        let got = until(&all, "every request to confirm", |got| {
            played.iter().all(|g| {
                let board = g["board"].as_i64().unwrap();
                let to = if board % 2 == 0 { "north" } else { "south" };
                let to = &number[&g[to]["id"].as_i64().unwrap()];
                let head = format!("R{round} B{board}:");
                got[first..]
                    .iter()
                    .any(|(_, n, text)| n == to && text.starts_with(&head))
            })
        })
        .await;
        let mut asked = Vec::new();
        let mut disputed = None;
        for g in &played {
            let board = g["board"].as_i64().unwrap();
            let to = if board % 2 == 0 { "north" } else { "south" };
            let to = number[&g[to]["id"].as_i64().unwrap()].clone();
            let head = format!("R{round} B{board}:");
            let request = &got[first..]
                .iter()
                .rev()
                .find(|(_, n, text)| *n == to && text.starts_with(&head))
                .unwrap()
                .2;
            let code = request.split("Reply OK ").nth(1).unwrap().get(..4).unwrap();
            let reply = if round == 2 && board == 1 {
                disputed = Some(g["id"].as_i64().unwrap());
                format!("NO {code}")
            } else {
                format!("OK {code}")
            };
            asked.push(Asked {
                number: to.clone(),
                at: Instant::now(),
            });
            phones.as_mut().unwrap().text(&to, &reply);
        }
        let answered = answers(&all, &asked).await;
        delays.extend(answered.iter().map(|(d, _)| *d));
        if let Some(game) = disputed {
            let r = organiser.get(&format!("/api/games/{game}")).await;
            assert_eq!(r.json()["status"], "disputed", "{}", r.body);
            let sheet = app.latest_sheet(game).await;
            let r = organiser
                .put_json(
                    &format!("/api/games/{game}/result"),
                    &json!({"accept_sheet": sheet, "reason": "Both players agree at the desk"}),
                )
                .await;
            assert_eq!(r.status, StatusCode::OK, "{}", r.body);
        }
        // Every game of the round counts.
        let games = organiser
            .get(&format!("/api/tournaments/{t}/rounds/{round}"))
            .await
            .json()["games"]
            .clone();
        for g in games.as_array().unwrap() {
            assert!(
                g["status"] == "confirmed" || g["status"] == "final",
                "round {round}: {g}"
            );
        }
        if round == 6 {
            // A player withdraws: told, and not paired again.
            let leaving = *number.keys().min().unwrap();
            let r = organiser
                .post_json(
                    &format!("/api/tournaments/{t}/players/{leaving}/withdraw"),
                    &json!({"withdrawn": true}),
                )
                .await;
            assert_eq!(r.status, StatusCode::OK, "{}", r.body);
            until(&all, "the withdrawal", |got| {
                got.iter()
                    .any(|(_, to, text)| *to == number[&leaving] && text.contains("withdrawn"))
            })
            .await;
            withdrawn = Some(leaving);
        }
        let all_now = received(&all);
        figure.messages = all_now.len() - first;
        figure.parts = all_now[first..]
            .iter()
            .map(|(_, _, text)| parts(text))
            .sum();
        figures.push(figure);
    }

    // None lost, none twice: every text was answered once (above), and the SMS log holds each
    // message out delivered, once the last delivery reports are in.
    let started = Instant::now();
    loop {
        let messages = log(&organiser, t).await;
        let waiting: Vec<&Value> = messages
            .iter()
            .filter(|m| m["incoming"] == false && m["state"] != "delivered")
            .collect();
        if waiting.is_empty() {
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "not delivered: {waiting:?}"
        );
        actix_web::rt::time::sleep(Duration::from_millis(100)).await;
    }
    delays.sort();
    let at =
        |q: f64| delays[((delays.len() as f64 * q).ceil() as usize).clamp(1, delays.len()) - 1];
    println!(
        "answers: {} texts, delay p50 {:.2} s, p99 {:.2} s, max {:.2} s",
        delays.len(),
        at(0.5).as_secs_f64(),
        at(0.99).as_secs_f64(),
        at(1.0).as_secs_f64()
    );
    for (i, f) in figures.iter().enumerate() {
        println!(
            "round {}: pairings all delivered {:.2} s after publication; {} messages out, {} parts",
            i + 1,
            f.pairings_delivered.as_secs_f64(),
            f.messages,
            f.parts
        );
    }
    handle.stop(true).await;
}

/// The messages to `number` after the `first` received, in order.
fn to(got: &[Received], first: usize, number: &str) -> Vec<String> {
    got[first..]
        .iter()
        .filter(|(_, n, _)| n == number)
        .map(|(_, _, text)| text.clone())
        .collect()
}

#[actix_web::test]
async fn a_match_s_plan_a_changed_pairing_and_the_round_s_end_by_sms() {
    let sendsms_port = free_port();
    let app = sms_app(sendsms_port).await;
    let gateway = Gateway::start(&app.address, sendsms_port);
    let all: Arc<Mutex<Vec<Received>>> = Arc::default();
    let mut phones = Switchboard::connect(gateway.fake_port(), all.clone());
    let organiser = app.organiser().await;
    let r = organiser
        .post_json(
            "/api/tournaments",
            &json!({"name": "Best of three", "rules": "abapa", "rounds": 1, "pairing": "manual",
                    "require_moves": false, "language": "en",
                    "match_games": 3, "match_length": "best-of", "match_start": "winner"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let t = r.json()["id"].as_i64().unwrap();
    // Phones given with the players' details, with their consent; none without it.
    let r = organiser
        .post_json(
            &format!("/api/tournaments/{t}/players"),
            &json!({"name": "No consent", "phone": "+233 20 400 0009"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    let mut id = Vec::new();
    let names = ["Kofi Mensah", "Ama Owusu", "Yaw Boateng", "Akosua Darko"];
    for (i, name) in names.iter().enumerate() {
        let r = organiser
            .post_json(
                &format!("/api/tournaments/{t}/players"),
                &json!({"name": name, "phone": format!("+233 20 400 000{i}"), "sms_consent": true}),
            )
            .await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
        id.push(r.json()["id"].as_i64().unwrap());
    }
    let number = |i: usize| format!("23320400000{i}");
    // The staff's form shows the number; the players' file, the public list do not hold it.
    let form = organiser
        .get(&format!("/tournaments/{t}/players/{}/edit", id[0]))
        .await;
    assert!(
        form.body.contains("value=\"+233204000000\""),
        "{}",
        form.body
    );
    let file = organiser
        .get(&format!("/tournaments/{t}/players.csv"))
        .await;
    assert_eq!(file.status, StatusCode::OK);
    assert!(!file.body.contains("20400000"), "{}", file.body);
    assert!(!file.body.contains("phone"), "{}", file.body);
    let public = app
        .client()
        .get(&format!("/api/tournaments/{t}/players"))
        .await;
    assert!(!public.body.contains("20400000"), "{}", public.body);
    organiser
        .put_json(
            &format!("/api/tournaments/{t}/sms"),
            &json!({"enabled": true, "cap": 500}),
        )
        .await;
    let r = organiser
        .put_json(
            &format!("/api/tournaments/{t}/schedule"),
            &json!({"round_minutes": 90}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);

    // A match's plan with the pairing.
    let pairing = json!({"pairings": [{"board": 1, "south": id[0], "north": id[1]},
                                      {"board": 2, "south": id[2], "north": id[3]}]});
    let r = organiser
        .post_json(&format!("/api/tournaments/{t}/rounds"), &pairing)
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    publish(&organiser, t, 1).await;
    let got = until(&all, "the pairings", |got| {
        (0..4).all(|i| !to(got, 0, &number(i)).is_empty())
    })
    .await;
    assert_eq!(
        to(&got, 0, &number(0)),
        [
            "Round 1, board 1: a match of best of 3 games against Ama Owusu. Game 1: you play South; the next games by SMS."
        ]
    );
    assert!(to(&got, 0, &number(3))[0].contains("Game 1: you play North"));

    // Board 2's sides swapped after publication: its two players are told, board 1's are not.
    let first = got.len();
    let swapped = json!({"pairings": [{"board": 1, "south": id[0], "north": id[1]},
                                      {"board": 2, "south": id[3], "north": id[2]}]});
    let r = organiser
        .put_json(&format!("/api/tournaments/{t}/rounds/1"), &swapped)
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let got = until(&all, "the changed pairing", |got| {
        !to(got, first, &number(2)).is_empty() && !to(got, first, &number(3)).is_empty()
    })
    .await;
    assert_eq!(
        to(&got, first, &number(3)),
        [
            "Changed. Round 1, board 2: a match of best of 3 games against Yaw Boateng. Game 1: you play South; the next games by SMS."
        ]
    );
    assert!(to(&got, first, &number(2))[0].contains("you play North"));

    // The round starts: each player is to be warned ten minutes before its planned end.
    let r = organiser
        .post_json(&format!("/api/tournaments/{t}/rounds/1/start"), &json!({}))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let warnings: Vec<Value> = log(&organiser, t)
        .await
        .into_iter()
        .filter(|m| m["kind"] == "warning")
        .collect();
    assert_eq!(warnings.len(), 4, "{warnings:?}");
    assert!(
        warnings.iter().all(|m| m["state"] == "queued"),
        "{warnings:?}"
    );

    // Game 1 by SMS and confirmed: game 2 is laid out, its winner starting, and both are told.
    let first = received(&all).len();
    phones.text(&number(0), "R1 B1 S 25-23");
    let got = until(&all, "the request to confirm", |got| {
        to(got, first, &number(1))
            .iter()
            .any(|text| text.contains("Reply OK"))
    })
    .await;
    let request = to(&got, first, &number(1))
        .into_iter()
        .find(|text| text.contains("Reply OK"))
        .unwrap();
    let code = request
        .split("Reply OK ")
        .nth(1)
        .unwrap()
        .get(..4)
        .unwrap()
        .to_string();
    phones.text(&number(1), &format!("OK {code}"));
    let got = until(&all, "game 2", |got| {
        to(got, first, &number(0))
            .iter()
            .any(|t| t.contains("game 2"))
            && to(got, first, &number(1))
                .iter()
                .any(|t| t.contains("game 2"))
    })
    .await;
    assert!(
        to(&got, first, &number(0))
            .contains(&"Round 1, board 1, game 2: you play South against Ama Owusu.".to_string()),
        "{:?}",
        to(&got, first, &number(0))
    );
    // The dashboard sums the SMS up.
    let dashboard = organiser.get(&format!("/tournaments/{t}/dashboard")).await;
    assert!(
        dashboard.body.contains("id=\"sms-summary\""),
        "{}",
        dashboard.body
    );
    assert!(dashboard.body.contains("Kofi Mensah"), "{}", dashboard.body);
    app.handle.stop(true).await;
}
