//! Matches of several games through the API: each game its own board with sheets, PINs,
//! confirmation and replay; the next game laid out when a result counts, with the player the
//! match's rule names as South; a best-of match stopping when decided; a ruling that changes a
//! match; standings, exports and a Swiss of two-game matches checked against results kept by
//! hand in the test.

use std::collections::{HashMap, HashSet};

use awc::http::StatusCode;
use serde_json::{Value, json};

use crate::helpers::*;
use crate::sheets::{publish, sent_and_confirmed, tournament_with_players};
use crate::swiss::{fixture_games, sheet};

pub type Fixture = (String, String, [i64; 2]);

/// The fixture games won by South, won by North and drawn (a few of each).
pub fn by_winner() -> HashMap<&'static str, Vec<Fixture>> {
    let mut found: HashMap<&'static str, Vec<Fixture>> = HashMap::new();
    for g in fixture_games() {
        let key = match g.1.as_str() {
            "south" => "south",
            "north" => "north",
            _ => "draw",
        };
        found.entry(key).or_default().push(g);
    }
    for key in ["south", "north", "draw"] {
        assert!(found.get(key).is_some_and(|v| v.len() >= 3), "{key}");
    }
    found
}

/// The moves as the other player would have written them had they started: every pit letter in
/// the other case.
fn as_if_north_started(moves: &str) -> String {
    moves
        .chars()
        .map(|c| {
            if c.is_ascii_uppercase() {
                c.to_ascii_lowercase()
            } else {
                c.to_ascii_uppercase()
            }
        })
        .collect()
}

pub async fn round(client: &Client, t: i64, n: i64) -> Value {
    let r = client
        .get(&format!("/api/tournaments/{t}/rounds/{n}"))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    r.json()
}

/// The games of one board, in the match's order.
pub fn board(round: &Value, board: i64) -> Vec<Value> {
    let mut games: Vec<Value> = round["games"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| g["board"] == board)
        .cloned()
        .collect();
    games.sort_by_key(|g| g["match_game"].as_i64());
    games
}

pub fn south_of(game: &Value) -> i64 {
    game["south"]["id"].as_i64().unwrap()
}

/// The boards of a round as (South, North) in board order, and its byes.
pub fn pairs_and_byes(round: &Value) -> (Vec<(i64, i64)>, HashSet<i64>) {
    let games = round["games"].as_array().unwrap();
    let mut boards: Vec<(i64, i64, i64)> = games
        .iter()
        .filter(|g| g["match_game"] == 1 && !g["north"].is_null())
        .map(|g| {
            (
                g["board"].as_i64().unwrap(),
                south_of(g),
                g["north"]["id"].as_i64().unwrap(),
            )
        })
        .collect();
    boards.sort();
    let byes = games
        .iter()
        .filter(|g| g["north"].is_null())
        .map(south_of)
        .collect();
    (boards.into_iter().map(|(_, s, n)| (s, n)).collect(), byes)
}

#[actix_web::test]
async fn a_best_of_three_match_lays_out_its_games_and_stops_when_decided() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    // Best of 4 is refused: it can end level without a draw.
    let r = organiser
        .post_json(
            "/api/tournaments",
            &json!({"name": "Even", "rules": "abapa", "rounds": 3, "match_games": 4, "match_length": "best-of"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    assert!(r.body.contains("odd number"), "{}", r.body);
    let r = organiser
        .post_json(
            "/api/tournaments",
            &json!({"name": "Odd start", "rules": "abapa", "rounds": 3, "match_start": "first"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);

    let (t, players) = tournament_with_players(
        &app,
        &organiser,
        "manual",
        4,
        json!({"match_games": 3, "match_length": "best-of", "match_start": "winner",
               "tiebreaks": ["GP", "SC"]}),
    )
    .await;
    let ids: Vec<i64> = players.iter().map(|p| p.0).collect();
    let pin: HashMap<i64, String> = players.iter().cloned().collect();
    let r = organiser
        .post_json(
            &format!("/api/tournaments/{t}/rounds"),
            &json!({"pairings": [{"board": 1, "south": ids[0], "north": ids[1]},
                                 {"board": 2, "south": ids[2], "north": ids[3]}]}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    // What a pairing plays cannot change once a round is paired.
    let r = organiser
        .put_json(
            &format!("/api/tournaments/{t}"),
            &json!({"name": "manual 4", "rules": "abapa", "rounds": 9, "pairing": "manual",
                    "match_games": 5, "match_length": "best-of", "match_start": "winner"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.body);
    let published = publish(&organiser, t, 1).await;
    assert_eq!(published["games"].as_array().unwrap().len(), 2);
    assert_eq!(published["games"][0]["match_label"], "game 1 of 3");

    let wins = by_winner();
    let staff = |g: &Value| g["id"].as_i64().unwrap();
    // Kept by hand: each player's seeds captured and game points.
    let mut seeds: HashMap<i64, i64> = HashMap::new();
    let mut games_won: HashMap<i64, f64> = HashMap::new();
    let mut count = |f: &Fixture, south: i64, north: i64| {
        *seeds.entry(south).or_default() += f.2[0];
        *seeds.entry(north).or_default() += f.2[1];
        let (s, n) = match f.1.as_str() {
            "south" => (1.0, 0.0),
            "north" => (0.0, 1.0),
            _ => (0.5, 0.5),
        };
        *games_won.entry(south).or_default() += s;
        *games_won.entry(north).or_default() += n;
    };

    // Board 1, game 1: North (player 1) wins; the winner starts game 2.
    let g1 = staff(&board(&published, 1)[0]);
    let f = &wins["north"][0];
    sent_and_confirmed(&app, g1, sheet(f), (&pin[&ids[0]], &pin[&ids[1]])).await;
    count(f, ids[0], ids[1]);
    let r1 = round(&organiser, t, 1).await;
    let b1 = board(&r1, 1);
    assert_eq!(b1.len(), 2);
    assert_eq!(
        south_of(&b1[1]),
        ids[1],
        "the winner of game 1 starts game 2"
    );
    assert_eq!(b1[1]["match_label"], "game 2 of 3");
    assert_eq!(b1[1]["match_score"], "match 0-1 so far");
    let g2 = staff(&b1[1]);

    // A sheet of game 2 written as if player 0 had started it: the replay shows it.
    let f = &wins["south"][0];
    let mut wrong = sheet(f);
    wrong["moves"] = json!(as_if_north_started(&f.0));
    wrong["pin"] = json!(pin[&ids[1]]);
    let r = app
        .client()
        .post_json(&format!("/api/games/{g2}/sheets"), &wrong)
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    assert_eq!(r.json()["error"]["ply"], 1, "{}", r.body);
    assert_eq!(r.json()["error"]["kind"], "wrong-side", "{}", r.body);
    assert_eq!(
        round(&organiser, t, 1).await["games"][1]["status"],
        "pending"
    );

    // Game 2: player 1 wins again as South: 2-0, game 3 cannot change it and is not laid out.
    sent_and_confirmed(&app, g2, sheet(f), (&pin[&ids[1]], &pin[&ids[0]])).await;
    count(f, ids[1], ids[0]);
    let b1 = board(&round(&organiser, t, 1).await, 1);
    assert_eq!(b1.len(), 2, "a decided best-of match has no third game");
    assert_eq!(b1[1]["match_score"], "match 0-2, decided");

    // Changing game 1 while game 2 has its result is refused, naming game 2.
    let ruling = |f: &Fixture| json!({"kind": "played", "result": f.1, "seeds": f.2, "moves": f.0, "reason": "misread"});
    let r = organiser
        .put_json(
            &format!("/api/games/{g1}/result"),
            &ruling(&wins["south"][1]),
        )
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.body);
    assert!(r.body.contains("game 2"), "{}", r.body);
    // Game 2 ruled the other way (player 0 wins as North): 1-1, player 0 starts game 3.
    let r = organiser
        .put_json(
            &format!("/api/games/{g2}/result"),
            &ruling(&wins["north"][1]),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let b1 = board(&round(&organiser, t, 1).await, 1);
    assert_eq!(b1.len(), 3);
    assert_eq!(south_of(&b1[2]), ids[0]);
    assert_eq!(b1[2]["match_label"], "game 3 of 3");
    // Sent back, game 2 no longer leads to game 3: it is taken away (nothing was played in it).
    let r = organiser
        .post_json(
            &format!("/api/games/{g2}/reset"),
            &json!({"reason": "the arbiter saw player 1 win"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(board(&round(&organiser, t, 1).await, 1).len(), 2);
    let r = organiser
        .put_json(&format!("/api/games/{g2}/result"), &ruling(f))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(board(&round(&organiser, t, 1).await, 1).len(), 2);

    // Board 2: a draw (the players take turns after it), then player 3 wins as South: 1½-½
    // with a game left; player 2 wins game 3 as North: 1½-1½, a level match is drawn.
    let b2 = board(&round(&organiser, t, 1).await, 2);
    let f = &wins["draw"][0];
    sent_and_confirmed(
        &app,
        staff(&b2[0]),
        sheet(f),
        (&pin[&ids[2]], &pin[&ids[3]]),
    )
    .await;
    count(f, ids[2], ids[3]);
    let b2 = board(&round(&organiser, t, 1).await, 2);
    assert_eq!(south_of(&b2[1]), ids[3]);
    let f = &wins["south"][2];
    sent_and_confirmed(
        &app,
        staff(&b2[1]),
        sheet(f),
        (&pin[&ids[3]], &pin[&ids[2]]),
    )
    .await;
    count(f, ids[3], ids[2]);
    let b2 = board(&round(&organiser, t, 1).await, 2);
    assert_eq!(b2.len(), 3, "1½-½ with a game left is not decided");
    assert_eq!(
        south_of(&b2[2]),
        ids[3],
        "the winner of game 2 starts game 3"
    );
    let f = &wins["north"][2];
    sent_and_confirmed(
        &app,
        staff(&b2[2]),
        sheet(f),
        (&pin[&ids[3]], &pin[&ids[2]]),
    )
    .await;
    count(f, ids[3], ids[2]);
    let b2 = board(&round(&organiser, t, 1).await, 2);
    assert_eq!(b2.len(), 3);
    assert_eq!(b2[2]["match_score"], "match 1½-1½, decided");

    // Standings: match points (1 a match won, ½ drawn), then game points, then seeds, as kept
    // by hand above.
    let s = standings_json(&organiser, t, None).await;
    let rows = s["standings"].as_array().unwrap();
    let by_id: HashMap<i64, &Value> = rows
        .iter()
        .map(|r| (r["player_id"].as_i64().unwrap(), r))
        .collect();
    let expected_points = [0.0, 1.0, 0.5, 0.5];
    for (i, id) in ids.iter().enumerate() {
        let row = by_id[id];
        assert_eq!(row["points"], json!(expected_points[i]), "{row}");
        assert_eq!(row["tiebreaks"]["GP"], json!(games_won[id]), "{row}");
        assert_eq!(row["tiebreaks"]["SC"], json!(seeds[id] as f64), "{row}");
    }
    assert_eq!(rows[0]["player_id"], ids[1]);
    assert_eq!(rows[3]["player_id"], ids[0]);

    // Exports: TRF cannot hold matches (refused, saying why); the CSV and OGN name each game.
    let r = organiser.get(&format!("/tournaments/{t}/export.trf")).await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.body);
    assert!(r.body.contains("match"), "{}", r.body);
    let csv = organiser.get(&format!("/tournaments/{t}/games.csv")).await;
    assert_eq!(csv.status, StatusCode::OK);
    assert_eq!(csv.body.lines().count(), 1 + 5);
    let ogn = organiser.get(&format!("/tournaments/{t}/games.ogn")).await;
    assert_eq!(ogn.status, StatusCode::OK, "{}", ogn.body);
    assert_eq!(ogn.body.matches("[Match \"game 3 of 3\"]").count(), 1);
    assert_eq!(ogn.body.matches("[Game \"2\"]").count(), 2);

    // The pages: the round, the printed pairings and score sheets name each game.
    let page = app
        .client()
        .get(&format!("/tournaments/{t}/rounds/1"))
        .await;
    assert!(page.body.contains("game 3 of 3"), "{}", page.body);
    let sheets = organiser
        .get(&format!("/tournaments/{t}/rounds/1/sheets"))
        .await;
    assert_eq!(sheets.status, StatusCode::OK);
    assert!(sheets.body.contains("board 2, game 3 of 3"));
    let game_page = app.client().get(&format!("/games/{g2}")).await;
    assert!(game_page.body.contains("game 2 of 3"));
    assert!(
        game_page.body.contains("P0 0, P1 2: the match is decided."),
        "{}",
        game_page.body
    );
    let french = app
        .client()
        .get_in("fr", &format!("/games/{g2}"))
        .await
        .body;
    assert!(
        french.contains("Cette table joue un match\u{202f}: au meilleur des 3 parties")
            && french.contains("P0 0, P1 2\u{202f}: le match est joué."),
        "{french}"
    );
}

#[actix_web::test]
async fn a_swiss_of_two_game_matches_pairs_matches_and_counts_them() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, players) = tournament_with_players(
        &app,
        &organiser,
        "swiss",
        20,
        json!({"rounds": 3, "match_games": 2, "tiebreaks": ["GP", "SC", "BH"]}),
    )
    .await;
    let pin: HashMap<i64, String> = players.iter().cloned().collect();
    let number: HashMap<i64, usize> = players.iter().enumerate().map(|(i, p)| (p.0, i)).collect();
    let wins = by_winner();
    // The knockout the Swiss feeds: two-game matches, a level one goes to deciding games.
    let r = organiser
        .post_json(
            "/api/tournaments",
            &json!({"name": "Final four", "rules": "abapa", "rounds": 2, "pairing": "knockout",
                    "match_games": 2}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let ko = r.json()["id"].as_i64().unwrap();
    let qualify = format!("/api/tournaments/{ko}/qualify");
    let r = organiser
        .post_json(&qualify, &json!({"from": t, "top": 4}))
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "no round yet: {}", r.body);
    let mut match_points: HashMap<i64, f64> = HashMap::new();
    let mut game_points: HashMap<i64, f64> = HashMap::new();
    let mut seeds: HashMap<i64, i64> = HashMap::new();
    let mut met: HashSet<(i64, i64)> = HashSet::new();
    let mut use_fixture = 0;
    for n in 1..=3 {
        let published = crate::sheets::generated_and_published(&organiser, t, n).await;
        let games = published["games"].as_array().unwrap();
        let boards = games.iter().filter(|g| g["match_game"] == 1).count() as i64;
        assert_eq!((boards, games.len()), (10, 20));
        for b in 1..=boards {
            let first = &board(&round(&organiser, t, n).await, b)[0];
            let (south, north) = (south_of(first), first["north"]["id"].as_i64().unwrap());
            assert!(
                met.insert((south.min(north), south.max(north))),
                "a pair met twice"
            );
            // Results chosen by the players' numbers: the lower number wins game 1; game 2
            // is drawn on every third board and won by the higher number otherwise.
            let mut score = (0.0, 0.0);
            // The first round's first board: its South signs in to their board.
            let player = app.client();
            if n == 1 && b == 1 {
                let r = crate::helpers::page_sign_in(&player, t, south, &pin[&south]).await;
                assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
            }
            for game in 0..2 {
                let games = board(&round(&organiser, t, n).await, b);
                // Every game played, in turn: both games are laid out with the pairing.
                assert_eq!(games.len(), 2);
                let g = &games[game];
                if n == 1 && b == 1 {
                    // The player's board names the game to play now, and their side in it:
                    // game 1 (South, starting) until its result is in, then game 2 (North).
                    let me = player.get(&format!("/api/tournaments/{t}/me")).await.json();
                    assert_eq!(me["seat"]["game"], g["id"], "game {}: {me}", game + 1);
                    assert_eq!(me["seat"]["south"], game == 0, "{me}");
                    // And the match's plan: game 1 as South (starting), game 2 as North.
                    assert_eq!(
                        me["seat"]["plan"],
                        json!([{"game": 1, "south": true}, {"game": 2, "south": false}]),
                        "{me}"
                    );
                    let page = player.get(&format!("/tournaments/{t}/me")).await.body;
                    assert!(
                        page.contains("game 1: you play South and start; game 2: you play North"),
                        "{page}"
                    );
                }
                let (s, nn) = (south_of(g), g["north"]["id"].as_i64().unwrap());
                assert_eq!(
                    (s, nn),
                    if game == 0 {
                        (south, north)
                    } else {
                        (north, south)
                    }
                );
                let low_is_south = number[&s] < number[&nn];
                let kind = match (game, b % 3 == 0) {
                    (0, _) if low_is_south => "south",
                    (0, _) => "north",
                    (1, true) => "draw",
                    (1, false) if low_is_south => "north",
                    (1, false) => "south",
                    _ => unreachable!(),
                };
                let list = &wins[kind];
                let f = &list[use_fixture % list.len()];
                use_fixture += 1;
                sent_and_confirmed(
                    &app,
                    g["id"].as_i64().unwrap(),
                    sheet(f),
                    (&pin[&s], &pin[&nn]),
                )
                .await;
                *seeds.entry(s).or_default() += f.2[0];
                *seeds.entry(nn).or_default() += f.2[1];
                let (ps, pn) = match kind {
                    "south" => (1.0, 0.0),
                    "north" => (0.0, 1.0),
                    _ => (0.5, 0.5),
                };
                *game_points.entry(s).or_default() += ps;
                *game_points.entry(nn).or_default() += pn;
                if s == south {
                    score = (score.0 + ps, score.1 + pn);
                } else {
                    score = (score.0 + pn, score.1 + ps);
                }
            }
            assert_eq!(board(&round(&organiser, t, n).await, b).len(), 2);
            let (ms, mn) = if score.0 > score.1 {
                (1.0, 0.0)
            } else if score.1 > score.0 {
                (0.0, 1.0)
            } else {
                (0.5, 0.5)
            };
            *match_points.entry(south).or_default() += ms;
            *match_points.entry(north).or_default() += mn;
        }
        // After each round, every player's match points, game points and seeds as kept here.
        let s = standings_json(&organiser, t, None).await;
        for row in s["standings"].as_array().unwrap() {
            let id = row["player_id"].as_i64().unwrap();
            assert_eq!(row["points"], json!(match_points[&id]), "{row}");
            assert_eq!(row["tiebreaks"]["GP"], json!(game_points[&id]), "{row}");
            assert_eq!(row["tiebreaks"]["SC"], json!(seeds[&id] as f64), "{row}");
            assert_eq!(row["games_played"], n, "{row}");
        }
    }
    // Ranked by match points, then game points.
    let s = standings_json(&organiser, t, None).await;
    let rows = s["standings"].as_array().unwrap();
    for pair in rows.windows(2) {
        let key = |r: &Value| {
            (
                r["points"].as_f64().unwrap(),
                r["tiebreaks"]["GP"].as_f64().unwrap(),
            )
        };
        assert!(
            key(&pair[0]) >= key(&pair[1]),
            "{} before {}",
            pair[0],
            pair[1]
        );
    }
    // The top four go to the knockout, seeded by the standings (a tie at the cut by lots).
    let proposal = organiser
        .get(&format!("{qualify}?from={t}&top=4&seed=2026"))
        .await;
    assert_eq!(proposal.status, StatusCode::OK, "{}", proposal.body);
    let proposal = proposal.json();
    let lots: Vec<i64> = serde_json::from_value(proposal["lots"].clone()).unwrap();
    let rank = |i: usize| rows[i]["rank"].as_i64().unwrap();
    let mut expected: Vec<i64> = (0..rows.len())
        .filter(|&i| lots.is_empty() && i < 4 || !lots.is_empty() && rank(i) < rank(3))
        .map(|i| rows[i]["player_id"].as_i64().unwrap())
        .collect();
    let missing = 4 - expected.len();
    expected.extend(lots.iter().take(missing));
    assert_eq!(proposal["qualified"], json!(expected), "{proposal}");
    // Another choice needs a reason.
    let other: Vec<i64> = rows[1..5]
        .iter()
        .map(|r| r["player_id"].as_i64().unwrap())
        .collect();
    let r = organiser
        .post_json(
            &qualify,
            &json!({"from": t, "top": 4, "seed": 2026, "players": other}),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    // The proposal's players in another order (as a form sends them) are the proposal.
    let reversed: Vec<i64> = expected.iter().rev().copied().collect();
    let r = organiser
        .post_json(
            &qualify,
            &json!({"from": t, "top": 4, "seed": 2026, "players": reversed}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let q = r.json();
    assert_eq!(q["adjusted"], false);
    let names: Vec<String> = q["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p[1].as_str().unwrap().to_string())
        .collect();
    let name_of = |id: i64| rows.iter().find(|r| r["player_id"] == id).unwrap()["name"].clone();
    assert_eq!(
        json!(names),
        json!(expected.iter().map(|&id| name_of(id)).collect::<Vec<_>>())
    );
    let r = organiser
        .post_json(&qualify, &json!({"from": t, "top": 4, "seed": 2026}))
        .await;
    assert_eq!(
        r.status,
        StatusCode::CONFLICT,
        "qualified twice: {}",
        r.body
    );
    let entry = organiser
        .get(&format!("/api/audit?tournament={ko}"))
        .await
        .json();
    assert!(
        entry
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["action"] == "stage.qualify")
    );
    // The qualifiers keep their PINs; seeds 1-4 meet 1-4 and 2-3.
    let ko_players: Vec<(i64, String)> = q["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p[0].as_i64().unwrap(),
                pin[&expected[names
                    .iter()
                    .position(|n| n == p[1].as_str().unwrap())
                    .unwrap()]]
                    .clone(),
            )
        })
        .collect();
    let ko_pin: HashMap<i64, String> = ko_players.iter().cloned().collect();
    let k: Vec<i64> = ko_players.iter().map(|p| p.0).collect();
    // Before round 1, the page says the pairing numbers follow the qualification, not the
    // ratings.
    let page = organiser.get(&format!("/tournaments/{ko}")).await.body;
    assert!(
        page.contains("Pairing numbers follow the places of the stage before"),
        "{page}"
    );
    assert!(
        !page.contains("Pairing numbers follow the ratings"),
        "{page}"
    );
    let semis = crate::sheets::generated_and_published(&organiser, ko, 1).await;
    let firsts: Vec<(i64, i64)> = semis["games"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| g["match_game"] == 1)
        .map(|g| (south_of(g), g["north"]["id"].as_i64().unwrap()))
        .collect();
    assert_eq!(firsts, [(k[0], k[3]), (k[1], k[2])]);
    // Semi-final 1: a game each, then seed 4 wins the deciding game; semi-final 2: seed 2, 2-0.
    play_match(
        &app,
        &organiser,
        (ko, 1, 1),
        k[3],
        &[false, true, true],
        &ko_pin,
        &wins,
    )
    .await;
    let labels = board(&round(&organiser, ko, 1).await, 1);
    assert_eq!(labels[2]["match_label"], "deciding game 1");
    play_match(
        &app,
        &organiser,
        (ko, 1, 2),
        k[1],
        &[true, true],
        &ko_pin,
        &wins,
    )
    .await;
    let last = crate::sheets::generated_and_published(&organiser, ko, 2).await;
    assert_eq!(
        south_of(&last["games"][0]),
        k[1],
        "the better seed starts the final"
    );
    play_match(
        &app,
        &organiser,
        (ko, 2, 1),
        k[3],
        &[true, false, true],
        &ko_pin,
        &wins,
    )
    .await;
    // Worked by hand: seed 4 wins, seed 2 is second, seeds 1 and 3 share third.
    let b = organiser
        .get(&format!("/api/tournaments/{ko}/bracket"))
        .await
        .json();
    let places: Vec<(String, String)> = serde_json::from_value(b["places"].clone()).unwrap();
    let name = |i: usize| names[i].clone();
    assert_eq!(places[0], ("1".to_string(), name(3)));
    assert_eq!(places[1], ("2".to_string(), name(1)));
    let mut third: Vec<&(String, String)> = places[2..].iter().collect();
    third.sort();
    let mut want = [("3=".to_string(), name(0)), ("3=".to_string(), name(2))];
    want.sort();
    assert_eq!(third, want.iter().collect::<Vec<_>>());
    // The player's page counts matches: three rounds, each a score of two games.
    let top = rows[0]["player_id"].as_i64().unwrap();
    let page = app
        .client()
        .get(&format!("/tournaments/{t}/players/{top}"))
        .await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(
        page.body.contains("2-0") || page.body.contains("1½-½"),
        "{}",
        page.body
    );
}

/// Plays the latest match of `board` in round `n` to its end: `pattern` says, game by game,
/// whether `winner` wins it (each sheet sent by South and confirmed by North, the side the
/// match's rule gave each game).
pub async fn play_match(
    app: &TestApp,
    organiser: &Client,
    (t, n, b): (i64, i64, i64),
    winner: i64,
    pattern: &[bool],
    pin: &HashMap<i64, String>,
    wins: &HashMap<&'static str, Vec<Fixture>>,
) {
    for (i, &won) in pattern.iter().enumerate() {
        let games = board(&round(organiser, t, n).await, b);
        assert!(games.len() > i, "round {n} board {b}: {games:?}");
        let g = &games[i];
        let (s, nn) = (south_of(g), g["north"]["id"].as_i64().unwrap());
        let kind = if won == (s == winner) {
            "south"
        } else {
            "north"
        };
        let f = &wins[kind][i % 3];
        sent_and_confirmed(
            app,
            g["id"].as_i64().unwrap(),
            sheet(f),
            (&pin[&s], &pin[&nn]),
        )
        .await;
    }
    let games = board(&round(organiser, t, n).await, b);
    assert_eq!(
        games.len(),
        pattern.len(),
        "the match is decided: no game after"
    );
    assert!(
        games.last().unwrap()["match_score"]
            .as_str()
            .unwrap()
            .ends_with("decided"),
        "{games:?}"
    );
}

#[actix_web::test]
async fn a_best_of_three_knockout_of_twelve_with_a_third_place_match() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let settings = json!({"name": "Knockout", "rules": "abapa", "rounds": 4, "pairing": "knockout",
        "match_games": 3, "match_length": "best-of", "match_start": "winner", "third_place": true});
    let r = organiser.post_json("/api/tournaments", &settings).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let t = r.json()["id"].as_i64().unwrap();
    assert_eq!(
        r.json()["matches"]["tie"],
        "decider",
        "a knockout tie needs a winner"
    );
    // A bracket of one player is refused.
    let (first, first_pin) = {
        let r = organiser
            .post_json(
                &format!("/api/tournaments/{t}/players"),
                &json!({"name": "Seed 01", "rating": 2000}),
            )
            .await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
        (
            r.json()["id"].as_i64().unwrap(),
            r.json()["pin"].as_str().unwrap().to_string(),
        )
    };
    let r = organiser
        .post_json(
            &format!("/api/tournaments/{t}/rounds"),
            &json!({"generate": true}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.body);
    assert!(r.body.contains("at least two players"), "{}", r.body);
    // A knockout has exactly the rounds it takes: two players, one round, not three.
    let r = organiser
        .post_json(
            "/api/tournaments",
            &json!({"name": "Too long", "rules": "abapa", "rounds": 3, "pairing": "knockout"}),
        )
        .await;
    let long = r.json()["id"].as_i64().unwrap();
    add_player(&organiser, long, "Ama").await;
    add_player(&organiser, long, "Kofi").await;
    let r = organiser
        .post_json(
            &format!("/api/tournaments/{long}/rounds"),
            &json!({"generate": true}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.body);
    assert!(r.body.contains("set its rounds to 1"), "{}", r.body);
    // Seeds 1 to 12 by rating.
    let mut seed = vec![first];
    let mut pin: HashMap<i64, String> = HashMap::from([(first, first_pin)]);
    for i in 2..=12 {
        let r = organiser
            .post_json(
                &format!("/api/tournaments/{t}/players"),
                &json!({"name": format!("Seed {i:02}"), "rating": 2010 - 10 * i}),
            )
            .await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
        let id = r.json()["id"].as_i64().unwrap();
        seed.push(id);
        pin.insert(id, r.json()["pin"].as_str().unwrap().to_string());
    }
    let s = |n: usize| seed[n - 1];
    let wins = by_winner();
    let pairs = |round: &Value| pairs_and_byes(round).0;
    let byes = |round: &Value| pairs_and_byes(round).1;

    // Round 1: a bracket of 16, byes for seeds 1-4; 8-9, 5-12, 7-10, 6-11 in bracket order.
    let r1 = crate::sheets::generated_and_published(&organiser, t, 1).await;
    assert_eq!(
        pairs(&r1),
        [(s(8), s(9)), (s(5), s(12)), (s(7), s(10)), (s(6), s(11))]
    );
    assert_eq!(byes(&r1), HashSet::from([s(1), s(2), s(3), s(4)]));
    // Round 2 waits for every match of round 1.
    let r = organiser
        .post_json(
            &format!("/api/tournaments/{t}/rounds"),
            &json!({"generate": true}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.body);
    assert!(r.body.contains("not all decided"), "{}", r.body);
    let play = |n: i64, b: i64, w: usize, pattern: &'static [bool]| {
        let (app, organiser, pin, wins) = (&app, &organiser, &pin, &wins);
        async move { play_match(app, organiser, (t, n, b), s(w), pattern, pin, wins).await }
    };
    play(1, 1, 8, &[true, true]).await;
    play(1, 2, 12, &[false, true, true]).await;
    play(1, 3, 7, &[true, false, true]).await;
    play(1, 4, 6, &[true, true]).await;
    // Round 2: the winners meet the seeds who had byes, as the bracket lays them out.
    let r2 = crate::sheets::generated_and_published(&organiser, t, 2).await;
    assert_eq!(
        pairs(&r2),
        [(s(1), s(8)), (s(4), s(12)), (s(2), s(7)), (s(3), s(6))]
    );
    assert!(byes(&r2).is_empty());
    play(2, 1, 1, &[true, true]).await;
    play(2, 2, 12, &[true, true]).await;
    play(2, 3, 2, &[false, true, true]).await;
    play(2, 4, 6, &[true, true]).await;
    let r3 = crate::sheets::generated_and_published(&organiser, t, 3).await;
    assert_eq!(pairs(&r3), [(s(1), s(12)), (s(2), s(6))]);
    play(3, 1, 12, &[true, true]).await;
    play(3, 2, 2, &[true, false, true]).await;
    // The final on board 1, the third-place match on board 2.
    let r4 = crate::sheets::generated_and_published(&organiser, t, 4).await;
    assert_eq!(pairs(&r4), [(s(2), s(12)), (s(1), s(6))]);
    play(4, 1, 2, &[true, true]).await;
    play(4, 2, 6, &[false, true, true]).await;
    // The knockout is over.
    let r = organiser
        .post_json(
            &format!("/api/tournaments/{t}/rounds"),
            &json!({"generate": true}),
        )
        .await;
    assert_eq!(r.status.as_u16() / 100, 4, "{}", r.body);

    // Places worked out by hand: the final, the third-place match, then the rounds players
    // went out in (round 2's losers share 5th, round 1's share 9th).
    let expected: Vec<(usize, bool, Vec<usize>)> = vec![
        (1, false, vec![2]),
        (2, false, vec![12]),
        (3, false, vec![6]),
        (4, false, vec![1]),
        (5, true, vec![8, 4, 7, 3]),
        (9, true, vec![9, 5, 10, 11]),
    ];
    let standings = standings_json(&organiser, t, None).await;
    let rows = standings["standings"].as_array().unwrap();
    let by_id: HashMap<i64, &Value> = rows
        .iter()
        .map(|r| (r["player_id"].as_i64().unwrap(), r))
        .collect();
    for (rank, shared, seeds) in &expected {
        for &n in seeds {
            let row = by_id[&s(n)];
            assert_eq!(row["rank"], *rank, "seed {n}: {row}");
            assert_eq!(row["shared"], *shared, "seed {n}: {row}");
        }
    }
    assert_eq!(rows[0]["player_id"], s(2));
    let bracket = app
        .client()
        .get(&format!("/api/tournaments/{t}/bracket"))
        .await;
    assert_eq!(bracket.status, StatusCode::OK, "{}", bracket.body);
    let b = bracket.json();
    assert_eq!(b["sections"][0]["rounds"].as_array().unwrap().len(), 4);
    assert_eq!(b["sections"][0]["rounds"][3]["title"], "Final");
    assert_eq!(
        b["sections"][0]["rounds"][3]["ties"][1]["third_place"],
        true
    );
    // The bracket in French: its rounds and the sides still to come, the codes unchanged.
    let french = app
        .client()
        .get_in("fr", &format!("/api/tournaments/{t}/bracket"))
        .await
        .json();
    let titles: Vec<&str> = french["sections"][0]["rounds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["title"].as_str().unwrap())
        .collect();
    assert_eq!(
        titles,
        [
            "Huitièmes de finale",
            "Quarts de finale",
            "Demi-finales",
            "Finale"
        ]
    );
    assert_eq!(
        french["sections"][0]["rounds"][3]["ties"][1]["third_place"],
        true
    );
    let page = app
        .client()
        .get_in("fr", &format!("/tournaments/{t}/bracket"))
        .await
        .body;
    assert!(
        page.contains("Demi-finales") && !page.contains("Semi-finals"),
        "{page}"
    );
    let places: Vec<(String, String)> = serde_json::from_value(b["places"].clone()).unwrap();
    assert_eq!(places.len(), 12);
    assert_eq!(places[0], ("1".to_string(), "Seed 02".to_string()));
    assert_eq!(places[3], ("4".to_string(), "Seed 01".to_string()));
    assert_eq!(places[4].0, "5=");
    let page = app.client().get(&format!("/tournaments/{t}/bracket")).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.body.contains("Semi-finals") && page.body.contains("Third place"));
    // No TRF for a knockout, saying why.
    let r = organiser.get(&format!("/tournaments/{t}/export.trf")).await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.body);
}

/// A best-of-3 knockout of 12 players whose names are 60 characters long, round 1 published,
/// board 1's match played to 2-1 and board 2's first game in: for the pages at a phone's width.
pub async fn knockout_in_play(app: &TestApp, organiser: &Client) -> i64 {
    let settings = json!({"name": "Knockout of twelve", "rules": "abapa", "rounds": 4,
        "pairing": "knockout", "match_games": 3, "match_length": "best-of",
        "match_start": "winner", "third_place": true});
    let r = organiser.post_json("/api/tournaments", &settings).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let t = r.json()["id"].as_i64().unwrap();
    let mut seeds = Vec::new();
    let mut pin = HashMap::new();
    for i in 1..=12 {
        let name = format!("Seed {i:02} Akosua Oforiwaa Boatemaa-Asantewaa Nkansah Owusu");
        let name = format!("{name:-<60}");
        let r = organiser
            .post_json(
                &format!("/api/tournaments/{t}/players"),
                &json!({"name": name, "rating": 2010 - 10 * i}),
            )
            .await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
        let id = r.json()["id"].as_i64().unwrap();
        seeds.push(id);
        pin.insert(id, r.json()["pin"].as_str().unwrap().to_string());
    }
    crate::sheets::generated_and_published(organiser, t, 1).await;
    let wins = by_winner();
    // Board 1 is seeds 8-9: 9 wins game 1, 8 the next two.
    play_match(
        app,
        organiser,
        (t, 1, 1),
        seeds[7],
        &[false, true, true],
        &pin,
        &wins,
    )
    .await;
    let g = &board(&round(organiser, t, 1).await, 2)[0];
    let (s, n) = (south_of(g), g["north"]["id"].as_i64().unwrap());
    sent_and_confirmed(
        app,
        g["id"].as_i64().unwrap(),
        sheet(&wins["south"][0]),
        (&pin[&s], &pin[&n]),
    )
    .await;
    t
}

#[actix_web::test]
async fn a_tie_on_points_is_decided_by_a_play_off_instead_of_tie_breaks() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, players) =
        tournament_with_players(&app, &organiser, "manual", 4, json!({"rounds": 1})).await;
    let pin: HashMap<i64, String> = players.iter().cloned().collect();
    let id: Vec<i64> = players.iter().map(|p| p.0).collect();
    let r = organiser
        .post_json(
            &format!("/api/tournaments/{t}/rounds"),
            &json!({"pairings": [{"board": 1, "south": id[0], "north": id[1]},
                                 {"board": 2, "south": id[2], "north": id[3]}]}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let published = publish(&organiser, t, 1).await;
    let wins = by_winner();
    let game = |b: usize| published["games"][b]["id"].as_i64().unwrap();
    // A wins board 1; board 2 is drawn: 1, ½, ½, 0.
    sent_and_confirmed(
        &app,
        game(0),
        sheet(&wins["south"][0]),
        (&pin[&id[0]], &pin[&id[1]]),
    )
    .await;
    sent_and_confirmed(
        &app,
        game(1),
        sheet(&wins["draw"][0]),
        (&pin[&id[2]], &pin[&id[3]]),
    )
    .await;
    let before = standings_json(&organiser, t, None).await;
    let rows = before["standings"].as_array().unwrap().clone();
    let (second, third) = (
        rows[1]["player_id"].as_i64().unwrap(),
        rows[2]["player_id"].as_i64().unwrap(),
    );
    assert_eq!(rows[1]["points"], 0.5);
    let playoffs = format!("/api/tournaments/{t}/playoffs");
    // Place 1 is nobody's tie; place 9 is no place; a controller cannot create one.
    let r = organiser.post_json(&playoffs, &json!({"place": 1})).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    let r = organiser.post_json(&playoffs, &json!({"place": 9})).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    let controller = app.controller(&organiser, "kojo").await;
    let r = controller.post_json(&playoffs, &json!({"place": 2})).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.body);
    // A play-off for place 2: a knockout of the two, seeded by the tie-breaks' order.
    let r = organiser.post_json(&playoffs, &json!({"place": 3})).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let po = r.json();
    assert_eq!(po["playoff_place"], 2, "{po}");
    assert_eq!(po["pairing"], "knockout");
    let p = po["id"].as_i64().unwrap();
    let r = organiser.post_json(&playoffs, &json!({"place": 2})).await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.body);
    let s = standings_json(&organiser, t, None).await;
    assert_eq!(s["playoffs"][0]["decided"], false);
    assert_eq!(s["standings"][1]["player_id"], second);
    // The play-off's players sign in with their PINs; the second seed wins the game.
    let round = crate::sheets::generated_and_published(&organiser, p, 1).await;
    let g = &round["games"][0];
    let names: HashMap<i64, String> = rows
        .iter()
        .map(|r| {
            (
                r["player_id"].as_i64().unwrap(),
                r["name"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(g["south"]["name"], names[&second].as_str());
    assert_eq!(g["north"]["name"], names[&third].as_str());
    sent_and_confirmed(
        &app,
        g["id"].as_i64().unwrap(),
        sheet(&wins["north"][0]),
        (&pin[&second], &pin[&third]),
    )
    .await;
    // Decided: the play-off's winner is second, its loser third, neither shared.
    let s = standings_json(&organiser, t, None).await;
    assert_eq!(s["playoffs"][0]["decided"], true);
    let rows = s["standings"].as_array().unwrap();
    assert_eq!(
        (rows[1]["player_id"].as_i64(), rows[1]["rank"].as_i64()),
        (Some(third), Some(2))
    );
    assert_eq!(
        (rows[2]["player_id"].as_i64(), rows[2]["rank"].as_i64()),
        (Some(second), Some(3))
    );
    assert_eq!(rows[1]["shared"], false);
    let page = app
        .client()
        .get(&format!("/tournaments/{t}/standings"))
        .await;
    assert!(page.body.contains("decided by a play-off"), "{}", page.body);
}

#[actix_web::test]
async fn a_match_of_every_game_in_turn_is_laid_out_and_printed_with_its_pairing() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, players) =
        tournament_with_players(&app, &organiser, "manual", 4, json!({"match_games": 2})).await;
    let pin: HashMap<i64, String> = players.iter().cloned().collect();
    let id: Vec<i64> = players.iter().map(|p| p.0).collect();
    let pairing = json!({"pairings": [{"board": 1, "south": id[0], "north": id[1]},
                                      {"board": 2, "south": id[2], "north": id[3]}]});
    let r = organiser
        .post_json(&format!("/api/tournaments/{t}/rounds"), &pairing)
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let published = publish(&organiser, t, 1).await;
    let b1 = board(&published, 1);
    assert_eq!(b1.len(), 2);
    assert_eq!(
        (south_of(&b1[1]), b1[1]["match_label"].as_str()),
        (id[1], Some("game 2 of 2"))
    );
    let sheets = organiser
        .get(&format!("/tournaments/{t}/rounds/1/sheets"))
        .await;
    assert_eq!(sheets.body.matches(", game 2 of 2</strong>").count(), 2);
    // Game 2 may come in first; its board then stays as it is.
    let wins = by_winner();
    let r = app
        .client()
        .post_json(
            &format!("/api/games/{}/sheets", b1[1]["id"]),
            &crate::sheets::with_pin(sheet(&wins["south"][0]), &pin[&id[1]]),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let swapped = json!({"pairings": [{"board": 1, "south": id[0], "north": id[2]},
                                      {"board": 2, "south": id[1], "north": id[3]}]});
    let r = organiser
        .put_json(&format!("/api/tournaments/{t}/rounds/1"), &swapped)
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.body);
    assert!(r.body.contains("board 1"), "{}", r.body);
    assert_eq!(
        board(&round(&organiser, t, 1).await, 1)[1]["status"],
        "submitted"
    );
    // Game 1 counted after it keeps game 2 as it is.
    sent_and_confirmed(
        &app,
        b1[0]["id"].as_i64().unwrap(),
        sheet(&wins["north"][0]),
        (&pin[&id[0]], &pin[&id[1]]),
    )
    .await;
    let b1 = board(&round(&organiser, t, 1).await, 1);
    assert_eq!(b1.len(), 2);
    assert_eq!(b1[1]["status"], "submitted");
}

#[actix_web::test]
async fn a_match_forfeited_in_its_second_game_after_the_first_was_played_shows_as_played() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, players) = tournament_with_players(
        &app,
        &organiser,
        "swiss",
        4,
        json!({"rounds": 2, "match_games": 2}),
    )
    .await;
    let pin: HashMap<i64, String> = players.iter().cloned().collect();
    crate::sheets::generated_and_published(&organiser, t, 1).await;
    let games = board(&round(&organiser, t, 1).await, 1);
    let (g1, g2) = (&games[0], &games[1]);
    let (s, n) = (south_of(g1), g1["north"]["id"].as_i64().unwrap());
    // Game 1 played and won by its South; game 2 not played: its North (game 1's South) absent.
    let wins = by_winner();
    sent_and_confirmed(
        &app,
        g1["id"].as_i64().unwrap(),
        sheet(&wins["south"][0]),
        (&pin[&s], &pin[&n]),
    )
    .await;
    assert_eq!(south_of(g2), n, "the sides change for game 2");
    let r = organiser
        .put_json(
            &format!("/api/games/{}/result", g2["id"]),
            &json!({"kind": "forfeit-north", "reason": "did not come back for game 2"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    // The table round by round: the match was played (its score of games), the forfeit marked;
    // not a match won or lost without playing.
    let page = app
        .client()
        .get(&format!("/tournaments/{t}/crosstable"))
        .await
        .body;
    let cells: Vec<&str> = page
        .split("<td class=\"cell\">")
        .skip(1)
        .map(|c| {
            let c = &c[..c.find("</td>").unwrap()];
            let c = c.rsplit_once("\">").map_or(c, |(_, t)| t);
            c.trim_end_matches("</a>")
        })
        .collect();
    // A cell reads opponent, side, score: "2n 1-1 +" (not "2n +").
    let forfeited: Vec<&&str> = cells
        .iter()
        .filter(|c| c.ends_with(" +") || c.ends_with(" -"))
        .collect();
    assert_eq!(forfeited.len(), 2, "{cells:?}");
    for c in forfeited {
        let parts: Vec<&str> = c.split_whitespace().collect();
        assert_eq!(parts.len(), 3, "{c}");
        assert!(parts[1].contains('-'), "the match's score of games: {c}");
    }
}
