//! Pages for phones, paper and the wall: the projector view and its event stream, printed score
//! sheets and PIN slips with their QR codes, pairings to print, error pages that lead back, a
//! stale sheet form that keeps what was typed, and words instead of codes.

use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use awc::http::StatusCode;
use serde_json::json;

use crate::helpers::*;
use crate::sheets::{one_game, publish, sent_and_confirmed, with_pin};
use crate::swiss::{fixture_games, sheet, sign_in};

/// Sends the game page's sheet form: result, seeds, end natural, moves, and the form's token.
async fn sheet_form(
    player: &Client,
    game: i64,
    (result, seeds): (&str, [&str; 2]),
    moves: &str,
    csrf: &str,
) -> Resp {
    player
        .post_multipart(
            &format!("/games/{game}/sheet"),
            &[
                ("result", None, result),
                ("south_seeds", None, seeds[0]),
                ("north_seeds", None, seeds[1]),
                ("end", None, "natural"),
                ("moves", None, moves),
                ("csrf", None, csrf),
            ],
        )
        .await
}

/// The events of a server-sent event stream, read on a thread of their own: each event's data
/// lines joined.
pub fn event_stream(address: &str, path: &str) -> mpsc::Receiver<String> {
    event_stream_of(address, path, None)
}

/// The events of a stream opened with a session's cookie (`name=value`), as a signed-in
/// browser opens it.
pub fn event_stream_of(
    address: &str,
    path: &str,
    cookie: Option<String>,
) -> mpsc::Receiver<String> {
    let host = address.trim_start_matches("http://").to_string();
    let mut stream = TcpStream::connect(&host).expect("the service listens");
    let cookie = cookie.map_or(String::new(), |c| format!("Cookie: {c}\r\n"));
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {host}\r\nAccept: text/event-stream\r\n{cookie}\r\n"
    )
    .unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut reader = BufReader::new(stream);
        let mut head = String::new();
        // The head: status line and headers, up to the blank line.
        loop {
            let mut line = String::new();
            if reader.read_line(&mut line).unwrap_or(0) == 0 {
                return;
            }
            head.push_str(&line);
            if line == "\r\n" {
                break;
            }
        }
        let lowered = head.to_lowercase();
        assert!(head.starts_with("HTTP/1.1 200"), "{head}");
        assert!(
            lowered.contains("content-type: text/event-stream"),
            "{head}"
        );
        // The body comes in chunks: only the event lines matter here.
        let mut data = Vec::new();
        let mut line = String::new();
        while reader.read_line(&mut line).unwrap_or(0) > 0 {
            let text = line.trim_end_matches(['\r', '\n']);
            if let Some(d) = text.strip_prefix("data: ") {
                data.push(d.to_string());
            } else if text.is_empty() && !data.is_empty() {
                if tx.send(data.join("\n")).is_err() {
                    return;
                }
                data.clear();
            }
            line.clear();
        }
    });
    rx
}

/// The next event whose data contains `wanted`, waiting at most `patience`.
pub fn event_with(events: &mpsc::Receiver<String>, wanted: &str, patience: Duration) -> String {
    let since = Instant::now();
    loop {
        let left = patience.saturating_sub(since.elapsed());
        match events.recv_timeout(left) {
            Ok(data) if data.contains(wanted) => return data,
            Ok(_) => continue,
            Err(e) => panic!("no event with “{wanted}”: {e}"),
        }
    }
}

#[actix_web::test]
async fn the_projector_view_shows_ratings_when_the_tournament_says_so() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, _, _, _) = one_game(&app, &organiser, json!({})).await;
    publish(&organiser, t, 1).await;
    let live = format!("/tournaments/{t}/live");
    let page = app.client().get(&live).await;
    assert!(page.body.contains("P0") && !page.body.contains(r#"class="rating""#));
    assert!(!page.body.contains("<th class=\"num\">Rating</th>"));

    // Ticked on the form, by its one switch: every player's rating beside their name on the
    // boards, and a column of the standings.
    let edit = format!("/tournaments/{t}/edit");
    let form = organiser.get(&edit).await;
    assert!(
        form.body.contains(r#"name="wall_ratings""#),
        "{}",
        form.body
    );
    let csrf = organiser.csrf(&edit).await;
    let fields = [
        ("name", "manual 3"),
        ("rules", "abapa"),
        ("rounds", "9"),
        ("pairing", "manual"),
        ("points_win", "1"),
        ("points_draw", "0.5"),
        ("points_loss", "0"),
        ("points_bye", "1"),
        ("require_moves", "on"),
        ("require_confirmation", "on"),
        ("match_games", "1"),
        ("wall_ratings", "on"),
        ("csrf", csrf.as_str()),
    ];
    let r = organiser
        .post_form(&format!("/tournaments/{t}"), &fields)
        .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    let settings = organiser.get(&format!("/api/tournaments/{t}")).await.json();
    assert_eq!(settings["wall_ratings"], true);
    assert_eq!(settings["require_moves"], true);
    let page = app.client().get(&live).await;
    // Each player of the round (the one with the bye too), once.
    assert_eq!(
        page.body
            .matches(r#"<span class="rating">1500</span>"#)
            .count(),
        3,
        "{}",
        page.body
    );
    assert!(page.body.contains("<th class=\"num\">Rating</th>"));
}

#[actix_web::test]
async fn the_projector_view_shows_a_result_as_it_comes_in() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, game, (_, south_pin), (_, north_pin)) = one_game(&app, &organiser, json!({})).await;
    publish(&organiser, t, 1).await;

    // The page itself: the round by board and by name, the standings, and a refresh every 30 s
    // for browsers without JavaScript.
    let page = app.client().get(&format!("/tournaments/{t}/live")).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(
        page.body
            .contains(r#"<meta http-equiv="refresh" content="30">"#)
    );
    assert!(page.body.contains("<noscript>"));
    for part in [
        "live-boards",
        "live-names",
        "live-standings",
        "/static/live.js",
    ] {
        assert!(page.body.contains(part), "{part}: {}", page.body);
    }
    assert!(page.body.contains("P0") && page.body.contains("P1"));

    // The stream starts with the content as it is, then sends it again after the result.
    let events = event_stream(&app.address, &format!("/tournaments/{t}/live/events"));
    let first = event_with(&events, "live-boards", Duration::from_secs(30));
    assert!(first.contains("playing"), "{first}");
    let fixture = &fixture_games()[0];
    sent_and_confirmed(&app, game, sheet(fixture), (&south_pin, &north_pin)).await;
    let committed = Instant::now();
    let score = format!("{}-{}", fixture.2[0], fixture.2[1]);
    // Patience for a slow machine; the delay itself is reported, not asserted.
    let update = event_with(&events, &score, Duration::from_secs(30));
    eprintln!(
        "projector view: the result's event came {} ms after the confirmation was answered",
        committed.elapsed().as_millis()
    );
    assert!(update.contains("has-result"), "{update}");
    // The standings in the event count the result: the winner has a point.
    let standings = &update[update.find("live-standings").unwrap()..];
    assert!(standings.contains(">1<"), "{standings}");
}

#[actix_web::test]
async fn a_rounds_score_sheets_print_one_page_per_board_with_a_code_of_its_game() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, game, _, _) = one_game(&app, &organiser, json!({})).await;
    let page = organiser
        .get(&format!("/tournaments/{t}/rounds/1/sheets"))
        .await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    // One sheet: the bye has none.
    assert_eq!(page.body.matches("class=\"page score-sheet\"").count(), 1);
    for part in [
        "Round 1, board 1",
        "South (moves first): <strong>P0</strong>",
        "North: <strong>P1</strong>",
        "Seeds captured by South",
        "Initials of North",
        "<svg class=\"qr\"",
        "QR code: the page of board 1",
    ] {
        assert!(page.body.contains(part), "{part}: {}", page.body);
    }
    // A numbered grid for 80 moves.
    assert!(page.body.contains("<th scope=\"row\">80</th>"));
    let _ = game;
    // The pairings print by board and by name, with the points before the round.
    let print = organiser
        .get(&format!("/tournaments/{t}/rounds/1/print"))
        .await;
    assert_eq!(print.status, StatusCode::OK);
    for part in [
        "by-board",
        "by-name",
        "Printed",
        "South (moves first)",
        "bye",
    ] {
        assert!(print.body.contains(part), "{part}: {}", print.body);
    }
}

/// Adds a player through the page's form: the PIN slip page that answers.
async fn add_player_by_form(staff: &Client, t: i64, name: &str) -> Resp {
    let csrf = staff.csrf(&format!("/tournaments/{t}/players/new")).await;
    staff
        .post_form(
            &format!("/tournaments/{t}/players"),
            &[
                ("name", name),
                ("club", ""),
                ("country", ""),
                ("rating", ""),
                ("csrf", &csrf),
            ],
        )
        .await
}

#[actix_web::test]
async fn a_pin_slip_gives_the_whole_address_and_a_code_that_chooses_the_player() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let t = create_tournament(&organiser, "Slips").await;
    let r = add_player_by_form(&organiser, t, "Ama Owusu").await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let players = organiser
        .get(&format!("/api/tournaments/{t}/players"))
        .await
        .json();
    let id = players[0]["id"].as_i64().unwrap();
    let address = format!("{}/tournaments/{t}/sign-in?player={id}", app.address);
    assert!(r.body.contains(&address), "{}", r.body);
    assert!(r.body.contains("<svg class=\"qr\""));
    // Opened on the venue laptop itself, the page warns that phones cannot reach what it prints.
    assert!(
        r.body.contains("Only this computer can open it"),
        "{}",
        r.body
    );
    let pin_of = |body: &str| {
        let start = body.find("class=\"pin\"").unwrap();
        let rest = &body[start..];
        let open = rest.find('>').unwrap() + 1;
        rest[open..open + rest[open..].find('<').unwrap()].to_string()
    };
    let first = pin_of(&r.body);
    // The code's address opens the sign-in page with the player chosen.
    let signin = app
        .client()
        .get(&format!("/tournaments/{t}/sign-in?player={id}"))
        .await;
    assert!(
        signin
            .body
            .contains(&format!("<option value=\"{id}\" selected>"))
    );
    // A new slip with a new PIN; the old PIN no longer signs in.
    let csrf = organiser.csrf(&format!("/tournaments/{t}")).await;
    let again = organiser
        .post_form(
            &format!("/tournaments/{t}/players/{id}/pin"),
            &[("csrf", &csrf)],
        )
        .await;
    assert_eq!(again.status, StatusCode::OK, "{}", again.body);
    assert!(again.body.contains(&address));
    let second = pin_of(&again.body);
    assert_ne!(first, second);
    let old = app
        .client()
        .post_json(
            &format!("/api/tournaments/{t}/players/{id}/session"),
            &json!({"pin": first}),
        )
        .await;
    assert_eq!(old.status, StatusCode::UNAUTHORIZED, "{}", old.body);
}

#[actix_web::test]
async fn error_pages_say_what_happened_and_lead_back() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, game, (south, south_pin), _) = one_game(&app, &organiser, json!({})).await;

    let missing = organiser.get(&format!("/tournaments/{t}/rounds/9")).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert!(
        missing.body.contains("<h1>Not found</h1>"),
        "{}",
        missing.body
    );
    assert!(
        missing
            .body
            .contains(&format!("href=\"/tournaments/{t}\">Back to the tournament"))
    );
    // Signed in: the bar says who, and no page offers to sign in.
    assert!(missing.body.contains("admin (organiser)"));
    assert!(
        !missing.body.contains("href=\"/login\""),
        "{}",
        missing.body
    );

    // A player on a staff page: not allowed, the way back, no sign-in link.
    publish(&organiser, t, 1).await;
    let player = sign_in(&app, t, south, &south_pin).await;
    let refused = player.get(&format!("/tournaments/{t}/players/new")).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN, "{}", refused.body);
    assert!(refused.body.contains("<h1>Not allowed</h1>"));
    assert!(refused.body.contains("Back to the tournament"));
    assert!(!refused.body.contains("href=\"/login\""));
    assert!(!refused.body.contains("Forbidden"));

    // What is not there is not offered as the way back.
    let gone = player.get(&format!("/games/{}", game + 1000)).await;
    assert_eq!(gone.status, StatusCode::NOT_FOUND);
    assert!(!gone.body.contains("Back to the game"));
    assert!(gone.body.contains("href=\"/tournaments\">All tournaments"));
}

#[actix_web::test]
async fn a_stale_sheet_form_comes_back_with_what_was_typed_and_a_fresh_token() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, game, (south, south_pin), _) = one_game(&app, &organiser, json!({})).await;
    publish(&organiser, t, 1).await;
    let player = sign_in(&app, t, south, &south_pin).await;
    let page = player.get(&format!("/games/{game}")).await;
    // The player's own game leads with what to do.
    assert!(page.body.contains("What to do now"), "{}", page.body);
    assert!(page.body.contains("Send your score sheet"));
    assert!(page.body.contains("waiting for a score sheet"));
    let stale = csrf_in(&page.body);
    // Signed in again elsewhere (another tab): the session, and its token, are new.
    let r = page_sign_in(&player, t, south, &south_pin).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    let fixture = &fixture_games()[0];
    let r = sheet_form(
        &player,
        game,
        (fixture.1.as_str(), ["30", "18"]),
        &fixture.0,
        &stale,
    )
    .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.body);
    assert!(r.body.contains("was not sent"), "{}", r.body);
    assert!(
        r.body.contains(&fixture.0[..60]),
        "the typed moves are kept"
    );
    assert!(r.body.contains("value=\"30\"") && r.body.contains("value=\"18\""));
    let fresh = csrf_in(&r.body);
    assert_ne!(fresh, stale);
    assert_eq!(fresh, player.csrf(&format!("/games/{game}")).await);
    assert_eq!(app.count("sheets"), 0, "nothing was sent");
}

#[actix_web::test]
async fn a_confirmation_shows_the_opponents_sheet_in_full_in_words() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, game, (_, south_pin), (north, north_pin)) = one_game(&app, &organiser, json!({})).await;
    publish(&organiser, t, 1).await;
    let fixture = &fixture_games()[0];
    let r = app
        .client()
        .post_json(
            &format!("/api/games/{game}/sheets"),
            &with_pin(sheet(fixture), &south_pin),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let player = sign_in(&app, t, north, &north_pin).await;
    let page = player.get(&format!("/games/{game}")).await.body;
    let _ = &r;
    let shown = &page[page
        .find("id=\"opponent-sheet\"")
        .expect("the opponent's sheet")..];
    let shown = &shown[..shown.find("</section>").unwrap()];
    // Counted as the paper sheet counts them: 59 sowings are 30 moves.
    let moves = fixture.0.split_whitespace().count().div_ceil(2);
    assert!(
        shown.contains(&format!("({moves} moves)")),
        "the moves in full: {shown}"
    );
    let detail = player.get(&format!("/api/games/{game}")).await.json();
    let moves = detail["sheets"][0]["moves"].as_str().unwrap();
    assert!(shown.contains(moves), "every move of the sheet: {shown}");
    assert!(shown.contains("by the rules (natural end)"));
    assert!(shown.contains(" won") || shown.contains("draw"));
    assert!(shown.contains("Confirm this result"));
    assert!(page.contains("Your opponent has sent their sheet"));
    assert!(page.contains("waiting for the opponent to confirm"));
    for code in [">submitted<", ">natural<", ">south<", ">north<"] {
        assert!(!page.contains(code), "{code} shown");
    }
}

#[actix_web::test]
async fn a_refused_sheet_comes_with_the_lists_that_mend_it() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, game, (south, south_pin), _) = one_game(&app, &organiser, json!({})).await;
    publish(&organiser, t, 1).await;
    let fixture = &fixture_games()[0];
    let moves: Vec<&str> = fixture.0.split(' ').collect();
    // One move left out of the list.
    let at = moves.len() / 3;
    let mut slipped = moves.clone();
    slipped.remove(at);
    let body = json!({"pin": south_pin, "result": fixture.1, "seeds": fixture.2, "end": "natural", "moves": slipped.join(" ")});
    let r = app
        .client()
        .post_json(&format!("/api/games/{game}/sheets"), &body)
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    let e = r.json();
    let suggestions = e["error"]["suggestions"].as_array().expect("suggestions");
    let place = suggestions
        .iter()
        .position(|s| s["moves"] == fixture.0.as_str())
        .expect("the true list is among the suggestions");
    assert!(place < 3);
    assert_eq!(suggestions[place]["edits"][0]["kind"], "insert");
    assert_eq!(app.count("sheets"), 0, "nothing is stored");

    // On the page: the suggestion in words, and one click sends the mended list.
    let player = sign_in(&app, t, south, &south_pin).await;
    let csrf = player.csrf(&format!("/games/{game}")).await;
    let seeds = (fixture.2[0].to_string(), fixture.2[1].to_string());
    let declared = (fixture.1.as_str(), [seeds.0.as_str(), seeds.1.as_str()]);
    let r = sheet_form(&player, game, declared, &slipped.join(" "), &csrf).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(r.body.contains("Did you mean"), "{}", r.body);
    assert!(r.body.contains("a move missing before move"), "{}", r.body);
    assert!(r.body.contains("<mark>"));
    let mended = format!("name=\"moves\" value=\"{}\"", fixture.0);
    assert!(
        r.body.contains(&mended),
        "the suggestion's form sends the mended list"
    );
    let r = sheet_form(&player, game, declared, &fixture.0, &csrf).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(app.count("sheets"), 1);
}

#[actix_web::test]
async fn the_board_replays_the_moves_tapped_so_far() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, game, (south, south_pin), _) = one_game(&app, &organiser, json!({})).await;
    publish(&organiser, t, 1).await;
    let url = format!("/api/games/{game}/recording");
    // Only the game's players and the staff may record.
    let r = app.client().post_json(&url, &json!({"moves": ""})).await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED, "{}", r.body);
    let player = sign_in(&app, t, south, &south_pin).await;
    let r = player.post_json(&url, &json!({"moves": ""})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let start = r.json();
    assert_eq!(start["legal"], json!(["A", "B", "C", "D", "E", "F"]));
    assert_eq!(start["board"], json!([4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4]));
    assert_eq!(start["to_move"], "south");
    assert!(start.get("over").is_none());
    let r = player.post_json(&url, &json!({"moves": "E"})).await.json();
    assert_eq!(r["to_move"], "north");
    assert_eq!(r["board"][4], 0);
    assert_eq!(r["legal"].as_array().unwrap().len(), 6);
    // A move that cannot be played is refused with where and why.
    let r = player.post_json(&url, &json!({"moves": "E E"})).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    assert_eq!(r.json()["error"]["ply"], 2);
    // The whole game: over, with the seeds and the winner, and nothing more to tap.
    let fixture = &fixture_games()[0];
    let r = player
        .post_json(&url, &json!({"moves": fixture.0}))
        .await
        .json();
    assert_eq!(r["over"]["stores"], json!(fixture.2));
    assert_eq!(r["over"]["winner"], fixture.1.as_str());
    assert_eq!(r["legal"], json!([]));
    assert_eq!(
        r["moves"].as_array().unwrap().len(),
        fixture.0.split(' ').count()
    );
    assert_eq!(app.count("sheets"), 0, "recording stores nothing");
    // The controller may record too.
    let r = organiser.post_json(&url, &json!({"moves": "A"})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
}

/// The text of a page's `<title>`.
fn title_of(html: &str) -> &str {
    let start = html.find("<title>").expect("a title") + "<title>".len();
    let end = start + html[start..].find("</title>").expect("a title's end");
    &html[start..end]
}

#[actix_web::test]
async fn a_tournaments_page_title_is_its_name_and_the_forms_are_in_the_page() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let t = create_tournament(&organiser, "Kumasi Open").await;
    add_player(&organiser, t, "Ama Mensah").await;
    add_player(&organiser, t, "Kofi Owusu").await;
    let page = organiser.get(&format!("/tournaments/{t}")).await;
    assert_eq!(page.status, StatusCode::OK);
    assert_eq!(title_of(&page.body), "Kumasi Open");
    // The pairing numbers' form and the pairings ruled out are in the page's body.
    let body = &page.body[page.body.find("<body").unwrap()..];
    assert!(body.contains("id=\"pairing-order\""), "{body}");
    assert!(body.contains("Pairings ruled out"), "{body}");
}

#[actix_web::test]
async fn printed_addresses_and_codes_use_the_public_address_set() {
    let app = spawn_app_at(Some("http://192.168.1.20:8080")).await;
    let organiser = app.organiser().await;
    let t = create_tournament(&organiser, "Slips").await;
    let r = add_player_by_form(&organiser, t, "Ama Owusu").await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    // The slip prints the public address, says which it uses, and does not warn.
    assert!(
        r.body.contains("http://192.168.1.20:8080/tournaments/"),
        "{}",
        r.body
    );
    assert!(!r.body.contains(&app.address), "{}", r.body);
    assert!(r.body.contains("the public address set with"), "{}", r.body);
    assert!(!r.body.contains("Only this computer"), "{}", r.body);
    // The score sheets' codes too.
    let (_, _) = add_player(&organiser, t, "Kofi Mensah").await;
    let round = crate::sheets::generated(&organiser, t).await;
    let sheets = organiser
        .get(&format!("/tournaments/{t}/rounds/1/sheets"))
        .await;
    assert_eq!(sheets.status, StatusCode::OK, "{}", sheets.body);
    assert!(
        sheets
            .body
            .contains("<strong>http://192.168.1.20:8080</strong>"),
        "{}",
        sheets.body
    );
    let svg_of = |text: &str| oware_tournament::web::qr::svg(text, "x").unwrap();
    let game = round["games"][0]["id"].as_i64().unwrap();
    let code = svg_of(&format!("http://192.168.1.20:8080/games/{game}"));
    let path = &code[code.find("<path").unwrap()..code.find("</svg>").unwrap()];
    assert!(
        sheets.body.contains(path),
        "the code is the public address's"
    );
}

#[actix_web::test]
async fn a_refused_account_form_keeps_what_was_typed_but_the_password() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let csrf = organiser.csrf("/accounts").await;
    let r = organiser
        .post_form(
            "/accounts",
            &[
                ("username", "kwame.mensah"),
                ("role", "organiser"),
                ("password", "short"),
                ("csrf", &csrf),
            ],
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    assert!(r.body.contains("value=\"kwame.mensah\""), "{}", r.body);
    assert!(
        r.body.contains("<option value=\"organiser\" selected>"),
        "{}",
        r.body
    );
    assert!(
        !r.body.contains("value=\"short\""),
        "the password is never sent back"
    );
}

#[actix_web::test]
async fn the_sign_in_list_leaves_out_withdrawn_players() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let t = create_tournament(&organiser, "Withdrawals").await;
    let (ama, _) = add_player(&organiser, t, "Ama Mensah").await;
    let (kofi, _) = add_player(&organiser, t, "Kofi Owusu").await;
    let r = organiser
        .post_json(
            &format!("/api/tournaments/{t}/players/{kofi}/withdraw"),
            &json!({"withdrawn": true}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let page = app.client().get(&format!("/tournaments/{t}/sign-in")).await;
    assert!(
        page.body.contains(&format!("<option value=\"{ama}\"")),
        "{}",
        page.body
    );
    assert!(
        !page.body.contains(&format!("<option value=\"{kofi}\"")),
        "{}",
        page.body
    );
}
