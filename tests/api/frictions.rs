//! The event day's smaller frictions, each as a new user met it: the pairing editor's refusals,
//! a disputed game's page, another board's page, a sheet's replay before it is confirmed, the
//! board shown for wrong seeds, an OGN file that says its own result, suggestions for the slips
//! people make, finding one's name to sign in, assigning controllers, continuation sheets.

use awc::http::StatusCode;
use serde_json::json;

use crate::helpers::*;
use crate::sheets::{one_game, publish, tournament_with_players, with_pin};
use crate::swiss::{fixture_games, sheet, sign_in};

/// The page's sheet form, sent by a signed-in player: result, seeds, end and moves as typed,
/// and an OGN file when given.
async fn send_sheet_form(
    player: &Client,
    game: i64,
    (result, seeds, end): (&str, [&str; 2], &str),
    moves: &str,
    ogn: Option<&str>,
) -> Resp {
    let csrf = player.csrf(&format!("/games/{game}")).await;
    let mut fields = vec![
        ("result", None, result),
        ("south_seeds", None, seeds[0]),
        ("north_seeds", None, seeds[1]),
        ("end", None, end),
        ("moves", None, moves),
        ("csrf", None, csrf.as_str()),
    ];
    if let Some(file) = ogn {
        fields.push(("ogn", Some("game.ogn"), file));
    }
    player
        .post_multipart(&format!("/games/{game}/sheet"), &fields)
        .await
}

/// A published game of one board with its South player signed in, and a fixture game to send
/// (moves, result, seeds) that is no draw on seeds and leaves room for one seed more.
async fn south_signed_in(
    app: &TestApp,
    organiser: &Client,
) -> (i64, Client, (String, String, [i64; 2])) {
    let (t, game, (south, south_pin), _) = one_game(app, organiser, json!({})).await;
    publish(organiser, t, 1).await;
    let player = sign_in(app, t, south, &south_pin).await;
    let fixture = fixture_games()
        .into_iter()
        .find(|g| g.2[0] != g.2[1] && g.2[0] + g.2[1] < 47)
        .unwrap();
    (game, player, fixture)
}

/// The `<select name=...>` element of a page, whole.
fn select<'a>(html: &'a str, name: &str) -> &'a str {
    let start = html
        .find(&format!("<select name=\"{name}\""))
        .unwrap_or_else(|| panic!("no select {name}"));
    let end = start + html[start..].find("</select>").unwrap();
    &html[start..end]
}

#[actix_web::test]
async fn a_refused_pairing_form_comes_back_as_sent_and_names_the_board() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, players) = tournament_with_players(&app, &organiser, "manual", 6, json!({})).await;
    let id = |i: usize| players[i].0;
    let r = organiser
        .post_json(
            &format!("/api/tournaments/{t}/rounds"),
            &json!({"pairings": [
                {"board": 1, "south": id(0), "north": id(1)},
                {"board": 2, "south": id(2), "north": id(3)},
                {"board": 3, "south": id(4), "north": id(5)}]}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let page = format!("/tournaments/{t}/rounds/1");
    let csrf = organiser.csrf(&page).await;
    // Three edits; the second seats P0 again, on board 5.
    let (p0, p2, p3, p4, p5) = (
        id(0).to_string(),
        id(2).to_string(),
        id(3).to_string(),
        id(4).to_string(),
        id(5).to_string(),
    );
    let r = organiser
        .post_form(
            &format!("{page}/pairings"),
            &[
                ("csrf", &csrf),
                ("action", "save"),
                ("board_0", "1"),
                ("south_0", &p3),
                ("north_0", &p2),
                ("board_1", "5"),
                ("south_1", &p0),
                ("north_1", &p3),
                ("board_2", "3"),
                ("south_2", &p5),
                ("north_2", &p4),
                ("bye_0", ""),
            ],
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    assert!(
        r.body
            .contains("board 5: P3 is paired twice in this round (also board 1)"),
        "the refusal names the boards: {}",
        r.body
    );
    // Every edit is still in the form, the board typed as typed.
    assert!(r.body.contains(r#"name="board_1" value="5""#), "{}", r.body);
    for (name, player) in [
        ("south_0", &p3),
        ("north_0", &p2),
        ("south_1", &p0),
        ("south_2", &p5),
        ("north_2", &p4),
    ] {
        assert!(
            select(&r.body, name).contains(&format!(r#"value="{player}" selected"#)),
            "{name} lost its edit: {}",
            select(&r.body, name)
        );
    }
    // Nothing was saved.
    let round = organiser.get(&format!("/api{page}")).await.json();
    assert_eq!(round["games"][0]["south"]["id"], json!(id(0)));
}

#[actix_web::test]
async fn a_players_page_promises_only_the_forms_it_shows() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, game, (south, south_pin), (north, north_pin)) =
        one_game(&app, &organiser, json!({})).await;
    publish(&organiser, t, 1).await;
    let south_player = sign_in(&app, t, south, &south_pin).await;
    let north_player = sign_in(&app, t, north, &north_pin).await;
    let games = fixture_games();
    let page = format!("/games/{game}");
    let check = |html: &str, when: &str| {
        let todo = html
            .split("id=\"todo-title\"")
            .nth(1)
            .and_then(|rest| rest.split("</section>").next())
            .unwrap_or_default();
        if todo.contains("below") {
            assert!(
                html.contains("id=\"sheet\"") || html.contains("id=\"opponent-sheet\""),
                "{when}: the page says \"below\" but shows no form: {todo}"
            );
        }
    };
    check(&south_player.get(&page).await.body, "pending");
    let url = format!("/api/games/{game}/sheets");
    let r = app
        .client()
        .post_json(&url, &with_pin(sheet(&games[0]), &south_pin))
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    check(&south_player.get(&page).await.body, "sent");
    check(&north_player.get(&page).await.body, "to confirm");
    let r = app
        .client()
        .post_json(&url, &with_pin(sheet(&games[1]), &north_pin))
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    assert_eq!(r.json()["status"], "disputed");
    for player in [&south_player, &north_player] {
        let html = player.get(&page).await.body;
        assert!(html.contains("the controller will decide"), "{html}");
        check(&html, "disputed");
    }
}

#[actix_web::test]
async fn a_player_on_another_boards_page_is_shown_their_own() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, players) = tournament_with_players(&app, &organiser, "manual", 5, json!({})).await;
    let id = |i: usize| players[i].0;
    let r = organiser
        .post_json(
            &format!("/api/tournaments/{t}/rounds"),
            &json!({"pairings": [
                {"board": 4, "south": id(0), "north": id(1)},
                {"board": 6, "south": id(2), "north": id(3)},
                {"bye": id(4)}]}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let games = r.json()["games"].clone();
    let (board4, board6) = (
        games[0]["id"].as_i64().unwrap(),
        games[1]["id"].as_i64().unwrap(),
    );
    publish(&organiser, t, 1).await;
    let p2 = sign_in(&app, t, id(2), &players[2].1).await;
    let html = p2.get(&format!("/games/{board4}")).await.body;
    assert!(
        html.contains(&format!(
            r#"Your game in round 1 is <a href="/games/{board6}">board 6</a>"#
        )),
        "{html}"
    );
    assert!(!html.contains("sign in with your PIN"), "{html}");
    // The player with the bye is told so; a visitor is asked to sign in.
    let p4 = sign_in(&app, t, id(4), &players[4].1).await;
    let html = p4.get(&format!("/games/{board4}")).await.body;
    assert!(html.contains("You have a bye in round 1"), "{html}");
    let html = app.client().get(&format!("/games/{board4}")).await.body;
    assert!(html.contains("sign in with your PIN"), "{html}");
    assert!(!html.contains("This is not your game"), "{html}");
}

#[actix_web::test]
async fn a_sheet_replays_for_its_players_before_it_is_confirmed() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, game, (south, south_pin), (north, north_pin)) =
        one_game(&app, &organiser, json!({})).await;
    publish(&organiser, t, 1).await;
    let games = fixture_games();
    let south_player = sign_in(&app, t, south, &south_pin).await;
    let north_player = sign_in(&app, t, north, &north_pin).await;
    let r = app
        .client()
        .post_json(
            &format!("/api/games/{game}/sheets"),
            &with_pin(sheet(&games[0]), &south_pin),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let plies = games[0].0.split_whitespace().count();
    let page = format!("/games/{game}");
    for (who, client) in [
        ("the sender", &south_player),
        ("the opponent", &north_player),
        ("the controller", &organiser),
    ] {
        let html = client.get(&page).await.body;
        assert!(html.contains("Replay of P0&#39;s sheet"), "{who}: {html}");
        assert!(html.contains("Not a result yet"), "{who}");
        assert_eq!(
            html.matches("data-ply=").count(),
            plies + 1,
            "{who}: every move of the sheet, and the start"
        );
        assert!(!html.contains(".ogn\">Download as OGN"), "{who}");
    }
    // The public sees no sheet, so no replay, until the result counts.
    let html = app.client().get(&page).await.body;
    assert!(!html.contains("id=\"replay\""), "{html}");
    let sheet_id = app.latest_sheet(game).await;
    let r = app
        .client()
        .post_json(
            &format!("/api/games/{game}/confirm"),
            &json!({"pin": north_pin, "sheet_id": sheet_id}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let html = app.client().get(&page).await.body;
    assert!(html.contains(">Replay</h2>"), "{html}");
    assert!(!html.contains("'s sheet</h2>"), "{html}");
}

#[actix_web::test]
async fn wrong_seeds_show_the_board_after_the_last_move_with_the_names() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (game, player, (moves, result, seeds)) = south_signed_in(&app, &organiser).await;
    // One seed more for South than the moves give: a slip, not the seeds the other way round.
    let wrong = [(seeds[0] + 1).to_string(), seeds[1].to_string()];
    let r = send_sheet_form(
        &player,
        game,
        (&result, [&wrong[0], &wrong[1]], "natural"),
        &moves,
        None,
    )
    .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    assert!(
        r.body.contains("The board after the last move:"),
        "{}",
        r.body
    );
    assert!(
        !r.body.contains("The board before that move:"),
        "{}",
        r.body
    );
    // The stores are named after the players, never "North (North)".
    assert!(!r.body.contains("North (North)"), "{}", r.body);
    assert!(r.body.contains("P1 (North)"), "{}", r.body);
    // A move that cannot be played shows the board before it.
    let broken: Vec<&str> = moves.split_whitespace().collect();
    let r = send_sheet_form(
        &player,
        game,
        (
            &result,
            [&seeds[0].to_string(), &seeds[1].to_string()],
            "natural",
        ),
        &format!("{} {}", broken[0], broken[0]),
        None,
    )
    .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    assert!(r.body.contains("The board before that move:"), "{}", r.body);
}

#[actix_web::test]
async fn an_ogn_file_says_its_own_result_and_seeds() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (game, player, (moves, result, seeds)) = south_signed_in(&app, &organiser).await;
    let file = format!(
        "[Variant \"abapa\"]\n[Result \"{}-{}\"]\n\n{moves} {}-{}\n",
        seeds[0], seeds[1], seeds[0], seeds[1]
    );
    // The boxes left empty: the file's tags fill them, and the replay checks them.
    let r = send_sheet_form(&player, game, ("", ["", ""], "natural"), "", Some(&file)).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert!(r.body.contains("Your sheet is recorded"), "{}", r.body);
    let g = organiser.get(&format!("/api/games/{game}")).await.json();
    let last = g["sheets"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(last["seeds"], json!(seeds));
    assert_eq!(last["result"], json!(result));
    // A file without a Result tag asks for the seeds, and keeps the rest.
    let bare = format!("[Variant \"abapa\"]\n\n{moves}\n");
    let r = send_sheet_form(&player, game, ("", ["", ""], "natural"), "", Some(&bare)).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    assert!(r.body.contains("does not give the seeds"), "{}", r.body);
    // Typed moves with the result left unchosen: said in words.
    let r = send_sheet_form(&player, game, ("", ["1", "2"], "natural"), &moves, None).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    assert!(r.body.contains("choose the result"), "{}", r.body);
}

#[actix_web::test]
async fn seeds_written_the_wrong_way_round_are_suggested_the_right_way() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (game, player, (moves, result, seeds)) = south_signed_in(&app, &organiser).await;
    // Numbered as on paper: the suggestion keeps the numbers.
    let numbered: String = moves
        .split_whitespace()
        .enumerate()
        .map(|(i, m)| {
            if i % 2 == 0 {
                format!("{}. {m}", i / 2 + 1)
            } else {
                m.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(" ");
    let (s, n) = (seeds[1].to_string(), seeds[0].to_string());
    let r = send_sheet_form(
        &player,
        game,
        (&result, [&s, &n], "natural"),
        &numbered,
        None,
    )
    .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    assert!(
        r.body.contains("the seeds are the other way round"),
        "{}",
        r.body
    );
    // "Use this list" sends the seeds the right way round, and the moves as numbered.
    let form = r.body.split("class=\"use-suggestion\"").nth(1).unwrap();
    assert!(
        form.contains(&format!(r#"name="south_seeds" value="{}""#, seeds[0])),
        "{form}"
    );
    assert!(form.contains(r#"name="moves" value="1. "#), "{form}");
}

#[actix_web::test]
async fn a_player_finds_their_name_in_the_order_people_sort_names() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let t = create_tournament(&organiser, "Kumasi Open").await;
    for name in [
        "Zara Mensah",
        "Ama Owusu",
        "Ésinam Agbeko",
        "Aïcha Ouédraogo",
        "Efua Asante",
    ] {
        add_player(&organiser, t, name).await;
    }
    let html = app
        .client()
        .get(&format!("/tournaments/{t}/sign-in"))
        .await
        .body;
    let list = select(&html, "player_id");
    let order: Vec<usize> = [
        "Aïcha Ouédraogo",
        "Ama Owusu",
        "Efua Asante",
        "Ésinam Agbeko",
        "Zara Mensah",
    ]
    .iter()
    .map(|n| {
        list.find(n)
            .unwrap_or_else(|| panic!("{n} missing: {list}"))
    })
    .collect();
    assert!(order.is_sorted(), "{list}");
    // A search without accents or capitals finds the name, and chooses it when it is the only one.
    let html = app
        .client()
        .get(&format!("/tournaments/{t}/sign-in?q=aicha"))
        .await
        .body;
    let list = select(&html, "player_id");
    assert_eq!(list.matches("<option").count(), 1, "{list}");
    assert!(list.contains("selected>Aïcha Ouédraogo"), "{list}");
    // Nothing found: the whole list, said so.
    let html = app
        .client()
        .get(&format!("/tournaments/{t}/sign-in?q=kwame"))
        .await
        .body;
    assert_eq!(select(&html, "player_id").matches("<option").count(), 5);
    assert!(html.contains("No name holds “kwame”"), "{html}");
}

#[actix_web::test]
async fn controllers_are_chosen_from_a_list_and_the_change_is_confirmed() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let t = create_tournament(&organiser, "Kumasi Open").await;
    let page = format!("/tournaments/{t}");
    let html = organiser.get(&page).await.body;
    assert!(
        html.contains("There is no controller account yet"),
        "{html}"
    );
    app.controller(&organiser, "kwame").await;
    app.controller(&organiser, "esi").await;
    let html = organiser.get(&page).await.body;
    let list = select(&html, "username");
    assert!(list.contains(">esi<") && list.contains(">kwame<"), "{list}");
    let csrf = csrf_in(&html);
    let r = organiser
        .post_form(
            &format!("{page}/controllers"),
            &[("csrf", &csrf), ("action", "assign"), ("username", "kwame")],
        )
        .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    let next = r.header("location").unwrap().to_string();
    assert!(next.ends_with("#controllers"), "{next}");
    let next = next.trim_end_matches("#controllers");
    let html = organiser.get(next).await.body;
    assert!(html.contains("kwame now runs this tournament"), "{html}");
    assert!(
        !select(&html, "username").contains(">kwame<"),
        "assigned: off the list"
    );
    assert!(html.contains("Unassign kwame"), "{html}");
    let r = organiser
        .post_form(
            &format!("{page}/controllers"),
            &[
                ("csrf", &csrf),
                ("action", "unassign"),
                ("username", "kwame"),
            ],
        )
        .await;
    let next = r
        .header("location")
        .unwrap()
        .trim_end_matches("#controllers");
    let html = organiser.get(next).await.body;
    assert!(
        html.contains("kwame no longer runs this tournament"),
        "{html}"
    );
    // The words follow what the tournament has, not the address typed.
    let html = organiser.get(&format!("{page}?assigned=esi")).await.body;
    assert!(!html.contains("esi now runs"), "{html}");
}

#[actix_web::test]
async fn continuation_sheets_number_on_from_move_81() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, _, _, _) = one_game(&app, &organiser, json!({})).await;
    let sheets = format!("/tournaments/{t}/rounds/1/sheets");
    let first = organiser.get(&sheets).await.body;
    assert!(first.contains(&format!("{sheets}?part=2")), "{first}");
    assert!(first.contains("<th scope=\"row\">80</th>"), "{first}");
    let r = organiser.get(&format!("{sheets}?part=2")).await;
    assert_eq!(r.status, StatusCode::OK);
    assert!(
        r.body.contains("Continuation sheet 2: moves 81–160"),
        "{}",
        r.body
    );
    assert!(r.body.contains("<th scope=\"row\">81</th>"), "{}", r.body);
    assert!(r.body.contains("<th scope=\"row\">160</th>"), "{}", r.body);
    assert!(!r.body.contains("<th scope=\"row\">80</th>"), "{}", r.body);
    let r = organiser.get(&format!("{sheets}?part=9")).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.body);
}
