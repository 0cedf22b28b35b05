//! Adjudicating a game unfinished when the round's time ran out: the position entered, the
//! result it gives proposed, then confirmed as the game's final result with the position on
//! record; refused for a position without the game's 48 seeds, for a final game, for others.

use awc::http::StatusCode;
use serde_json::{Value, json};

use crate::helpers::*;

#[actix_web::test]
async fn an_unfinished_game_is_adjudicated_from_its_position() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, game, (south, south_pin), (north, _)) =
        crate::sheets::one_game(&app, &organiser, json!({})).await;
    crate::sheets::publish(&organiser, t, 1).await;
    let path = format!("/api/games/{game}/adjudication");
    // South has captured 20 and has 10 on a–f: 30; North 9 and 9: 18.
    let position = json!({"pits": [3, 0, 4, 1, 0, 2, 1, 1, 0, 5, 2, 0], "captured": [20, 9]});

    let r = app.client().post_json(&path, &position).await;
    assert_eq!(r.status.as_u16() / 100, 4);
    let stranger = app.controller(&organiser, "esi").await;
    let r = stranger.post_json(&path, &position).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.body);
    let r = organiser
        .post_json(
            &path,
            &json!({"pits": [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4], "captured": [1, 0], "confirm": true}),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    assert!(r.body.contains("49 seeds"), "{}", r.body);

    // The proposal changes nothing.
    let r = organiser.post_json(&path, &position).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.json()["winner"], "south");
    assert_eq!(r.json()["scores"], json!([30, 18]));
    assert!(
        r.json()["words"].as_str().unwrap().contains("P0 wins"),
        "{}",
        r.body
    );
    // In French, the same proposal in French words, the codes unchanged.
    let r = organiser
        .try_send_with(
            awc::http::Method::POST,
            &path,
            Some("application/json"),
            &[("Accept-Language", "fr")],
            serde_json::to_vec(&position).unwrap(),
        )
        .await
        .unwrap();
    assert_eq!(r.json()["winner"], "south");
    let words = r.json()["words"].as_str().unwrap().to_string();
    assert!(
        words.contains("(20 prises et 10 dans son camp)") && words.ends_with("P0 gagne."),
        "{words}"
    );
    let standings = standings_json(&app.client(), t, None).await;
    assert!(
        standings["standings"]
            .as_array()
            .unwrap()
            .iter()
            .all(|s| s["points"].as_f64() == Some(0.0) || s["player_id"] != json!(south))
    );

    // Confirmed: final, South wins 30–18, the position in the reason; the standings count it.
    let mut confirm = position.clone();
    confirm["confirm"] = json!(true);
    let r = organiser.post_json(&path, &confirm).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let g = r.json();
    assert_eq!(g["status"], "final");
    assert_eq!(g["result"], "south");
    assert_eq!(g["seeds"], json!([30, 18]));
    assert!(
        g["reason"]
            .as_str()
            .unwrap()
            .contains("A–F 3 0 4 1 0 2, a–f 1 1 0 5 2 0"),
        "{g}"
    );
    assert!(
        g["reason"].as_str().unwrap().starts_with("adjudicated"),
        "{g}"
    );
    // The reason is kept as facts: the staff who read French read it in French (API and page),
    // the position the same.
    let fr = organiser
        .get_in("fr", &format!("/api/games/{game}"))
        .await
        .json();
    let raison = fr["reason"].as_str().unwrap();
    assert!(
        raison.starts_with("adjugée") && raison.contains("3 0 4 1 0 2"),
        "{raison}"
    );
    let page = organiser.get_in("fr", &format!("/games/{game}")).await;
    assert!(
        page.body.contains("adjugée à la fin du temps"),
        "{}",
        page.body
    );
    let standings = standings_json(&app.client(), t, None).await;
    let points = |id: i64| {
        standings["standings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["player_id"] == json!(id))
            .unwrap()["points"]
            .as_f64()
            .unwrap()
    };
    assert_eq!((points(south), points(north)), (1.0, 0.0));
    // The game says it was adjudicated: its end, its result as the pairings write it, its page.
    assert_eq!(g["end"], "adjudication", "{g}");
    let round = crate::matches::round(&organiser, t, 1).await;
    assert_eq!(round["games"][0]["result_text"], "1-0 (30-18), adjudicated");
    let page = app.client().get(&format!("/games/{game}")).await;
    assert!(
        page.body.contains("1-0 (30-18), adjudicated"),
        "{}",
        page.body
    );
    assert!(!page.body.contains("by agreement"));
    // A player cannot declare it on a sheet.
    let r = app
        .client()
        .post_json(
            &format!("/api/games/{game}/sheets"),
            &json!({"pin": south_pin, "result": "south", "seeds": [30, 18], "end": "adjudication", "moves": ""}),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    assert!(
        r.body.contains("only the controller adjudicates"),
        "{}",
        r.body
    );

    // A database from before stored an adjudicated game as ended by agreement, its reason
    // telling the adjudication in a sentence: the migration that admits the end relabels it, and
    // leaves a game really ended by agreement (here the bye, made one) as it is. The sentence
    // is shown as it was written.
    let bye = round["games"][1]["id"].as_i64().unwrap();
    let sentence = "adjudicated when the round's time ran out: a–f 3 0 4 1 0 2; P0 wins";
    app.execute(&format!(
        "UPDATE games SET end_kind = 'agreement', \
         reason = CASE id WHEN {game} THEN '{}' ELSE reason END WHERE id IN ({game}, {bye})",
        sentence.replace('\'', "''")
    ));
    app.execute_script(include_str!(
        "../../migrations/2026-11-26-000012_adjudication_end/up.sql"
    ));
    let end = |g: Value| g["end"].clone();
    let before = organiser
        .get_in("fr", &format!("/api/games/{game}"))
        .await
        .json();
    assert_eq!(end(before.clone()), "adjudication");
    assert_eq!(before["reason"], sentence);
    assert_eq!(
        end(organiser.get(&format!("/api/games/{bye}")).await.json()),
        "agreement"
    );
    // A final game is not adjudicated again.
    let r = organiser.post_json(&path, &position).await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.body);

    // The page's form: a bad pit refused, a proposal, a confirmation of what was proposed only.
    let (t2, game2, _, _) = crate::sheets::one_game(&app, &organiser, json!({})).await;
    crate::sheets::publish(&organiser, t2, 1).await;
    let page = format!("/games/{game2}/adjudicate");
    let csrf = organiser.csrf(&page).await;
    let mut fields: Vec<(String, String)> =
        ["A", "B", "C", "D", "E", "F", "a", "b", "c", "d", "e", "f"]
            .iter()
            .map(|p| (format!("pit_{p}"), "0".to_string()))
            .collect();
    fields[5].1 = "1".into();
    fields[6].1 = "6".into();
    fields[7].1 = "6".into();
    fields.push(("captured_south".into(), "23".into()));
    fields.push(("captured_north".into(), "12".into()));
    fields.push(("csrf".into(), csrf));
    let form = |extra: &[(&str, &str)]| {
        let mut all = fields.clone();
        all.extend(extra.iter().map(|(k, v)| (k.to_string(), v.to_string())));
        all
    };
    let send = async |all: Vec<(String, String)>| {
        let refs: Vec<(&str, &str)> = all.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        organiser.post_form(&page, &refs).await
    };
    let r = send(form(&[("action", "propose"), ("pit_a", "x")])).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    // Another tournament's controller is refused the page and the form, whatever was typed:
    // never shown the game's page with what is wrong in the position.
    let stranger = app.controller(&organiser, "kwesi").await;
    assert_eq!(stranger.get(&page).await.status, StatusCode::FORBIDDEN);
    let theirs = stranger.csrf("/audit").await;
    for action in ["propose", "confirm"] {
        for pit in ["x", "1"] {
            let mut all = form(&[("action", action), ("pit_a", pit)]);
            all.retain(|(k, _)| k != "csrf");
            all.push(("csrf".to_string(), theirs.clone()));
            let refs: Vec<(&str, &str)> =
                all.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
            let r = stranger.post_form(&page, &refs).await;
            assert_eq!(
                r.status,
                StatusCode::FORBIDDEN,
                "{action} {pit}: {}",
                r.body
            );
        }
    }
    let r = send(form(&[("action", "propose")])).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert!(r.body.contains("a draw"), "{}", r.body);
    // Confirming a position other than the one proposed shows its result again.
    let r = send(form(&[
        ("action", "confirm"),
        ("proposed", "something else"),
    ]))
    .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let detail = app
        .client()
        .get(&format!("/api/games/{game2}"))
        .await
        .json();
    assert_ne!(detail["status"], "final");
    let r = send(form(&[
        ("action", "confirm"),
        ("proposed", "0 0 0 0 0 1/6 6 0 0 0 0/23 12"),
    ]))
    .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    let detail = app
        .client()
        .get(&format!("/api/games/{game2}"))
        .await
        .json();
    assert_eq!(detail["status"], "final");
    assert_eq!(detail["result"], "draw");

    // The form is laid out as every board is drawn (North's f to a on top, South's A to F below)
    // and a position copied by its letters gives the result it should: seeds in South's A count
    // for South, in North's a for North.
    for (pit, result) in [("A", "south"), ("a", "north")] {
        let (t3, game3, _, _) = crate::sheets::one_game(&app, &organiser, json!({})).await;
        crate::sheets::publish(&organiser, t3, 1).await;
        let page = format!("/games/{game3}/adjudicate");
        let html = organiser.get(&page).await.body;
        let at = |name: &str| html.find(&format!("name=\"{name}\"")).unwrap();
        assert!(at("captured_north") < at("pit_f") && at("pit_f") < at("pit_a"));
        assert!(at("pit_a") < at("pit_A") && at("pit_A") < at("pit_F"));
        assert!(at("pit_F") < at("captured_south"));
        let csrf = crate::helpers::csrf_in(&html);
        let (south, north) = if pit == "A" {
            ("20", "18")
        } else {
            ("18", "20")
        };
        let fields = [
            (format!("pit_{pit}"), "10"),
            ("captured_south".to_string(), south),
            ("captured_north".to_string(), north),
            ("csrf".to_string(), csrf.as_str()),
            ("action".to_string(), "propose"),
        ];
        let refs: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (k.as_str(), *v)).collect();
        let r = organiser.post_form(&page, &refs).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
        let proposed = r.body.split("name=\"proposed\" value=\"").nth(1).unwrap();
        let proposed = proposed[..proposed.find('"').unwrap()].to_string();
        let mut refs = refs.clone();
        refs.pop();
        refs.push(("action", "confirm"));
        refs.push(("proposed", &proposed));
        let r = organiser.post_form(&page, &refs).await;
        assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
        let detail = app
            .client()
            .get(&format!("/api/games/{game3}"))
            .await
            .json();
        assert_eq!(detail["result"], result, "10 seeds in {pit}: {detail}");
    }
}
