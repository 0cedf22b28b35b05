//! The event's paper and screens as people read them: a result no game can give refused, the
//! language switch after a sheet, the wall's bye and standings heading, the dashboard's words
//! and links, choices made from lists (tie-breaks, controllers), the players' list, legends
//! for what the tables abbreviate, and a knockout seeded by a stage or decided by a forfeit.

use awc::http::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::*;
use crate::sheets::{publish, tournament_with_players};

/// A manual tournament of `players`, round 1 paired by hand as `boards` (South, North by index)
/// with the rest as byes, published: the tournament, the players (id, PIN) and the games' ids.
async fn round_one(
    app: &TestApp,
    organiser: &Client,
    players: usize,
    boards: &[(usize, usize)],
    extra: Value,
) -> (i64, Vec<(i64, String)>, Vec<i64>) {
    let (t, p) = tournament_with_players(app, organiser, "manual", players, extra).await;
    let seated: Vec<usize> = boards.iter().flat_map(|&(s, n)| [s, n]).collect();
    let pairings: Vec<Value> = (1..)
        .zip(boards)
        .map(|(b, &(s, n))| json!({"board": b, "south": p[s].0, "north": p[n].0}))
        .chain(
            (0..players)
                .filter(|i| !seated.contains(i))
                .map(|i| json!({"bye": p[i].0})),
        )
        .collect();
    let r = organiser
        .post_json(
            &format!("/api/tournaments/{t}/rounds"),
            &json!({ "pairings": pairings }),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let games = r.json()["games"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| !g["north"].is_null())
        .map(|g| g["id"].as_i64().unwrap())
        .collect();
    publish(organiser, t, 1).await;
    (t, p, games)
}

#[actix_web::test]
async fn a_result_no_game_can_give_is_refused_whatever_the_route() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (_, _, games) = round_one(
        &app,
        &organiser,
        2,
        &[(0, 1)],
        json!({"require_moves": false}),
    )
    .await;
    // Under abapa the game stops at the capture that passes 24, and one capture takes at most
    // 15 seeds: 44 with seeds left on the board (3 for North) is no game's end.
    let url = format!("/api/games/{}/result", games[0]);
    let r = organiser
        .put_json(
            &url,
            &json!({"kind": "played", "result": "south", "seeds": [44, 3], "end": "natural",
                    "reason": "from the players' word"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    assert!(
        r.body.contains("one capture takes at most 15 seeds"),
        "{}",
        r.body
    );
    assert!(
        r.body.contains("no player ends with more than 39"),
        "{}",
        r.body
    );
    // 39-3 can be; so can 44-4, every seed taken (the last ones by the player who could not
    // be fed).
    for seeds in [[39, 3], [44, 4]] {
        let r = organiser
            .put_json(
                &url,
                &json!({"kind": "played", "result": "south", "seeds": seeds, "end": "natural",
                        "reason": "from the players' word", "seen": null}),
            )
            .await;
        assert_eq!(r.status, StatusCode::OK, "{seeds:?}: {}", r.body);
    }
}

/// A multipart form as a browser sends it from a page of the site (its `Referer`).
async fn sheet_form(client: &Client, game: i64, fields: &[(&str, &str)], referer: &str) -> Resp {
    let boundary = "----oware-paper-boundary";
    let mut body = String::new();
    for (name, value) in fields {
        body.push_str(&format!(
            "--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n"
        ));
    }
    body.push_str(&format!("--{boundary}--\r\n"));
    client
        .try_send_with(
            Method::POST,
            &format!("/games/{game}/sheet"),
            Some(&format!("multipart/form-data; boundary={boundary}")),
            &[("Referer", referer)],
            body.into_bytes(),
        )
        .await
        .expect("the server answers")
}

#[actix_web::test]
async fn the_language_switch_after_a_sheet_comes_back_to_a_page_that_exists() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, p, games) = round_one(&app, &organiser, 2, &[(0, 1)], json!({})).await;
    let game = games[0];
    let player = app.client();
    let r = page_sign_in(&player, t, p[0].0, &p[0].1).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    let csrf = player.csrf(&format!("/games/{game}")).await;
    let wrong = [
        ("result", "south"),
        ("south_seeds", "25"),
        ("north_seeds", "20"),
        ("end", "natural"),
        ("moves", "1. A a 2. A a"),
        ("csrf", csrf.as_str()),
    ];
    let host = app.address.trim_start_matches("http://").to_string();
    // Sent from the game's page, refused; sent again from the page that refused it (whose
    // path only takes forms).
    let first = sheet_form(
        &player,
        game,
        &wrong,
        &format!("http://{host}/games/{game}"),
    )
    .await;
    assert_eq!(
        first.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        first.body
    );
    let again = sheet_form(
        &player,
        game,
        &wrong,
        &format!("http://{host}/games/{game}/sheet"),
    )
    .await;
    assert_eq!(again.status, StatusCode::UNPROCESSABLE_ENTITY);
    let switch = again
        .body
        .split("href=\"")
        .map(|h| {
            h.split('"')
                .next()
                .unwrap_or_default()
                .replace("&#38;", "&")
                .replace("&amp;", "&")
        })
        .find(|h| h.starts_with("/language?to=fr"))
        .expect("the page offers French");
    assert!(switch.ends_with(&format!("back=/games/{game}")), "{switch}");
    let r = player.get(&switch).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER);
    let back = r.header("location").unwrap().to_string();
    assert_eq!(player.get(&back).await.status, StatusCode::OK, "{back}");
}

#[actix_web::test]
async fn the_wall_says_where_a_bye_is_and_after_which_round_its_standings_are() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, p, games) = round_one(
        &app,
        &organiser,
        3,
        &[(0, 1)],
        json!({"require_moves": false}),
    )
    .await;
    // Round 1's result in; round 2 paired and published, no result yet.
    let r = organiser
        .put_json(
            &format!("/api/games/{}/result", games[0]),
            &json!({"kind": "forfeit-north", "reason": "absent"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let r = organiser
        .post_json(
            &format!("/api/tournaments/{t}/rounds"),
            &json!({"pairings": [{"board": 1, "south": p[2].0, "north": p[0].0}, {"bye": p[1].0}]}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    publish(&organiser, t, 2).await;
    let wall = app
        .client()
        .get(&format!("/tournaments/{t}/live"))
        .await
        .body;
    // The standings are those after round 1, not "after round 2" with none of its results.
    assert!(wall.contains("Standings after round 1"), "{wall}");
    assert!(!wall.contains("Standings after round 2"), "{wall}");
    // The bye's line on the board list and by name: never an empty board cell.
    let names = &wall[wall.find("id=\"live-names\"").unwrap()..];
    let bye_row = names.split("<tr>").find(|row| row.contains("P1")).unwrap();
    assert!(bye_row.contains("<td class=\"num\">bye</td>"), "{bye_row}");
    let boards = &wall[wall.find("id=\"live-boards\"").unwrap()..];
    assert!(!boards.contains("<td class=\"num\"></td>"), "{boards}");
    // With a result of round 2 in, the standings are those of round 2 under way.
    let round2 = organiser
        .get(&format!("/api/tournaments/{t}/rounds/2"))
        .await
        .json();
    let g = round2["games"][0]["id"].as_i64().unwrap();
    let r = organiser
        .put_json(
            &format!("/api/games/{g}/result"),
            &json!({"kind": "forfeit-south", "reason": "late"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let wall = app
        .client()
        .get(&format!("/tournaments/{t}/live"))
        .await
        .body;
    assert!(wall.contains("Standings after round 2"), "{wall}");
}

#[actix_web::test]
async fn the_dashboard_names_each_late_game_and_counts_in_agreement() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    // Twenty players in two-game matches: ten boards, twenty games, all late.
    let boards: Vec<(usize, usize)> = (0..10).map(|b| (2 * b, 2 * b + 1)).collect();
    let (t, _, _) = round_one(&app, &organiser, 20, &boards, json!({"match_games": 2})).await;
    let two_hours_ago = (chrono::Utc::now() - chrono::Duration::hours(2))
        .naive_utc()
        .format("%Y-%m-%dT%H:%M:00")
        .to_string();
    let r = organiser
        .put_json(
            &format!("/api/tournaments/{t}/schedule"),
            &json!({"round_minutes": 30, "planned": [{"round": 1, "start": two_hours_ago}]}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let page = organiser
        .get_in("en", &format!("/tournaments/{t}/dashboard"))
        .await;
    let alert = page.body[page.body.find("alert-overdue").unwrap()..]
        .split("</li>")
        .next()
        .unwrap()
        .to_string();
    // Each game named by its board and its place in the match, a few of them, then the rest
    // in the boards' table.
    assert!(alert.contains("Board 1, game 1 of 2"), "{alert}");
    assert!(alert.contains("Board 1, game 2 of 2"), "{alert}");
    assert_eq!(alert.matches("/adjudicate\"").count(), 8, "{alert}");
    assert!(alert.contains("and 12 more: the boards below"), "{alert}");
    assert!(alert.contains("href=\"#dashboard-boards\""), "{alert}");
    // Games decided by the controller: in French, "3 définitives", the word agreeing.
    let round = organiser
        .get(&format!("/api/tournaments/{t}/rounds/1"))
        .await
        .json();
    // The first game of three boards (a forfeit decides its match: the second game goes).
    let firsts = round["games"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| g["match_game"] == 1)
        .take(3)
        .cloned()
        .collect::<Vec<_>>();
    for g in &firsts {
        let r = organiser
            .put_json(
                &format!("/api/games/{}/result", g["id"]),
                &json!({"kind": "forfeit-north", "reason": "absent"}),
            )
            .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    }
    let page = organiser
        .get_in("fr", &format!("/tournaments/{t}/dashboard"))
        .await;
    let counts = page.body[page.body.find("board-counts").unwrap()..]
        .split("</p>")
        .next()
        .unwrap()
        .to_string();
    // Each count's word agrees with it: "1 définitive", "3 définitives".
    let words: Vec<&str> = counts.split(|c: char| !c.is_alphanumeric()).collect();
    let decided = words
        .windows(2)
        .find(|w| w[1].starts_with("définitive"))
        .expect("games decided");
    let n: usize = decided[0].parse().unwrap();
    assert!(n >= 2, "{counts}");
    assert_eq!(decided[1], "définitives", "{counts}");
}

#[actix_web::test]
async fn tie_breaks_and_controllers_are_chosen_from_lists_and_the_choice_is_said() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    // The tie-breaks, in order, from lists of their names.
    let form = organiser.get("/tournaments/new").await.body;
    assert!(form.contains("name=\"tiebreak_1\""), "{form}");
    assert!(form.contains(">Buchholz (BH)</option>"), "{form}");
    assert!(
        !form.contains("name=\"tiebreaks\""),
        "no field of codes to type"
    );
    let csrf = csrf_in(&form);
    let fields = [
        ("name", "Winter open"),
        ("venue", ""),
        ("start_date", ""),
        ("end_date", ""),
        ("rules", "abapa"),
        ("rule_options", ""),
        ("rounds", "5"),
        ("pairing", "swiss"),
        ("points_win", "1"),
        ("points_draw", "0.5"),
        ("points_loss", "0"),
        ("points_bye", "1"),
        ("tiebreak_1", "SB"),
        ("tiebreak_2", ""),
        ("tiebreak_3", "SC"),
        ("require_moves", "on"),
        ("csrf", csrf.as_str()),
    ];
    let r = organiser.post_form("/tournaments", &fields).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    let t = organiser.get("/api/tournaments/1").await.json();
    assert_eq!(t["tiebreaks"], json!(["SB", "SC"]), "{t}");
    let edit = organiser.get("/tournaments/1/edit").await.body;
    assert!(
        edit.contains("<option value=\"SB\" selected>"),
        "the form shows the choice: {edit}"
    );
    // An event's controller is chosen among the controllers' accounts, and the page says what
    // was done.
    app.controller(&organiser, "kojo").await;
    let e = organiser
        .post_json("/api/events", &json!({"name": "Festival"}))
        .await
        .json()["id"]
        .as_i64()
        .unwrap();
    let page = organiser.get(&format!("/events/{e}")).await.body;
    assert!(page.contains("<select name=\"username\""), "{page}");
    assert!(page.contains("<option>kojo</option>"), "{page}");
    let csrf = csrf_in(&page);
    let r = organiser
        .post_form(
            &format!("/events/{e}/controllers"),
            &[("csrf", &csrf), ("username", "kojo"), ("action", "assign")],
        )
        .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    let page = organiser.get(r.header("location").unwrap()).await.body;
    assert!(
        page.contains("kojo now runs every section of this event."),
        "{page}"
    );
    assert!(!page.contains("<option>kojo</option>"), "{page}");
}

#[actix_web::test]
async fn the_players_list_keeps_a_line_a_player_and_shows_register_numbers() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let t = create_tournament(&organiser, "Open").await;
    for i in 0..3 {
        add_player(&organiser, t, &format!("P{i}")).await;
    }
    let r = organiser
        .post_json(
            &format!("/api/tournaments/{t}/players"),
            &json!({"name": "Registered", "register_id": 35}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let page = organiser.get(&format!("/tournaments/{t}")).await.body;
    let table = &page[page.find("id=\"players\"").unwrap()..];
    let table = &table[..table.find("</table>").unwrap()];
    assert!(table.contains("Register no."), "{table}");
    assert!(table.contains("<td class=\"num\">35</td>"), "{table}");
    // One "Edit" and one folded list of the rest a row, not three stacked actions.
    for row in table.split("<tr").skip(2) {
        assert_eq!(row.matches("<details").count(), 1, "{row}");
    }
}

#[actix_web::test]
async fn what_the_tables_abbreviate_is_written_out_on_screen_and_on_paper() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, _, games) = round_one(
        &app,
        &organiser,
        3,
        &[(0, 1)],
        json!({"tiebreaks": ["DE", "SC"], "pairing": "manual"}),
    )
    .await;
    let r = organiser
        .put_json(
            &format!("/api/games/{}/result", games[0]),
            &json!({"kind": "forfeit-north", "reason": "absent"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let standings = app
        .client()
        .get(&format!("/tournaments/{t}/standings"))
        .await
        .body;
    let legend = &standings[standings.find("id=\"tiebreak-legend\"").unwrap()..];
    assert!(
        legend.contains("<abbr>DE</abbr>: direct encounter"),
        "{legend}"
    );
    let table = app
        .client()
        .get(&format!("/tournaments/{t}/crosstable"))
        .await
        .body;
    assert!(
        table.contains("<code>–</code>: not paired in that round"),
        "{table}"
    );
}

#[actix_web::test]
async fn a_knockout_match_decided_by_a_forfeit_says_so() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, _) = tournament_with_players(
        &app,
        &organiser,
        "knockout",
        4,
        json!({"rounds": 2, "require_moves": false}),
    )
    .await;
    let round = crate::sheets::generated_and_published(&organiser, t, 1).await;
    let g = round["games"][0]["id"].as_i64().unwrap();
    let r = organiser
        .put_json(
            &format!("/api/games/{g}/result"),
            &json!({"kind": "forfeit-north", "reason": "did not come"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let bracket = app
        .client()
        .get(&format!("/tournaments/{t}/bracket"))
        .await
        .body;
    assert_eq!(
        bracket.matches("decided by a forfeit").count(),
        1,
        "{bracket}"
    );
    let wall = app
        .client()
        .get(&format!("/tournaments/{t}/live"))
        .await
        .body;
    assert!(wall.contains("decided by a forfeit"), "{wall}");
}
