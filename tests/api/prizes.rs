//! Prizes to the cent, through the API, the form and the printed page: amounts read from their
//! digits (never a binary fraction), a tie's pool divided once with the cents left over given in
//! the standings' order, a pooled category prize named only with those it is awarded to, and an
//! amount of more than two decimals refused.

use std::collections::HashMap;

use awc::http::StatusCode;
use serde_json::{Value, json};

use crate::helpers::*;

/// A tournament of eight in an event with a women's category, after one round by hand: A, B, C
/// and D win by forfeit (1 point each, C a woman), the others 0.
async fn four_tied(app: &TestApp, organiser: &Client) -> (i64, HashMap<&'static str, i64>) {
    let e = organiser
        .post_json(
            "/api/events",
            &json!({"name": "Festival", "categories": [
                {"name": "Women", "rule": "gender", "gender": "female"}]}),
        )
        .await
        .json()["id"]
        .as_i64()
        .unwrap();
    let t = organiser
        .post_json(
            "/api/tournaments",
            &json!({"name": "Open", "rules": "abapa", "rounds": 1, "pairing": "manual",
                    "event_id": e, "tiebreaks": ["SC"]}),
        )
        .await
        .json()["id"]
        .as_i64()
        .unwrap();
    let mut id = HashMap::new();
    for (name, gender) in [
        ("A", "male"),
        ("B", "male"),
        ("C", "female"),
        ("D", "male"),
        ("E", "male"),
        ("F", "male"),
        ("G", "male"),
        ("H", "male"),
    ] {
        let r = organiser
            .post_json(
                &format!("/api/tournaments/{t}/players"),
                &json!({"name": name, "gender": gender}),
            )
            .await;
        id.insert(name, r.json()["id"].as_i64().unwrap());
    }
    let board = |b: i64, s: &str, n: &str| json!({"board": b, "south": id[s], "north": id[n]});
    let r = organiser
        .post_json(
            &format!("/api/tournaments/{t}/rounds"),
            &json!({"pairings": [board(1, "A", "E"), board(2, "B", "F"), board(3, "C", "G"),
                                 board(4, "D", "H")]}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let round = crate::sheets::publish(organiser, t, 1).await;
    for g in round["games"].as_array().unwrap() {
        let r = organiser
            .put_json(
                &format!("/api/games/{}/result", g["id"]),
                &json!({"kind": "forfeit-north", "reason": "absent"}),
            )
            .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    }
    let _ = app;
    (t, id)
}

/// Each part of the first pool: (name, amount).
fn parts(p: &Value) -> Vec<(String, f64)> {
    p["pools"][0]["parts"]
        .as_array()
        .unwrap_or(&Vec::new())
        .iter()
        .map(|w| {
            (
                w["name"].as_str().unwrap().to_string(),
                w["amount"].as_f64().unwrap(),
            )
        })
        .collect()
}

#[actix_web::test]
async fn a_tie_s_money_is_divided_once_to_the_cent() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, _) = four_tied(&app, &organiser).await;
    let order: Vec<String> = standings_json(&app.client(), t, None).await["standings"]
        .as_array()
        .unwrap()
        .iter()
        .take(4)
        .map(|r| r["name"].as_str().unwrap().to_string())
        .collect();
    // 64.60 for the 1st alone, shared by the four: 16.15 each (64.6 × 100 is 6459.999… in
    // binary floating point, whose share rounded down was 16.14).
    let r = organiser
        .put_json(
            &format!("/api/tournaments/{t}/prizes"),
            &json!({"currency": "GH₵", "ties": "split", "prizes": [
                {"name": "1st", "amount": 64.6}]}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let p = r.json();
    assert_eq!(
        parts(&p).iter().map(|w| w.1).collect::<Vec<_>>(),
        [16.15; 4]
    );
    assert_eq!(p["paid"], 64.6, "{p}");
    // The four pool the 1st, 2nd, 3rd and the best woman (C's): 1,040.05 divided once, 260.01
    // each and the cent left over to the first of them in the standings. The best woman is
    // named with C alone, the only woman of the tie.
    let r = organiser
        .put_json(
            &format!("/api/tournaments/{t}/prizes"),
            &json!({"currency": "GH₵", "ties": "split", "prizes": [
                {"name": "1st", "amount": 500},
                {"name": "2nd", "amount": "300"},
                {"name": "3rd", "amount": 140.05},
                {"name": "Best woman", "category": "Women", "amount": 100, "award": "medal"}]}),
        )
        .await;
    let p = r.json();
    let expected: Vec<(String, f64)> = order
        .iter()
        .enumerate()
        .map(|(k, n)| (n.clone(), if k == 0 { 260.02 } else { 260.01 }))
        .collect();
    assert_eq!(parts(&p), expected, "{p}");
    assert_eq!(p["pools"][0]["total"], 1040.05, "{p}");
    assert_eq!(p["paid"], 1040.05, "{p}");
    assert_eq!(p["given"][3]["winners"][0]["name"], "C", "{p}");
    assert_eq!(p["given"][3]["winners"].as_array().unwrap().len(), 1);
    // The printed list: one block for the pool, each one's part, the money paid in all.
    let page = app.client().get(&format!("/tournaments/{t}/prizes")).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(
        page.body.contains(
            "1st, 2nd, 3rd and Best woman pooled: GH₵ 1,040.05 shared by the four tied on 1, \
             as follows:"
        ),
        "{}",
        page.body
    );
    assert!(page.body.contains("GH₵ 260.02"), "{}", page.body);
    let woman_row = page.body.split("<td>Best woman</td>").nth(1).unwrap();
    let woman_cell = woman_row.split("</tr>").next().unwrap();
    for man in ["A", "B", "D"] {
        assert!(
            !woman_cell.contains(&format!(">{man}<"))
                && !woman_cell.contains(&format!("{man}<br>")),
            "{woman_cell}"
        );
    }
    assert!(woman_cell.contains("C<br>"), "{woman_cell}");
}

#[actix_web::test]
async fn amounts_are_typed_as_people_write_them_and_never_rounded() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, _) = four_tied(&app, &organiser).await;
    // More than two decimals: refused, saying why, and nothing changes.
    for amount in [json!(64.605), json!("12.345"), json!(-5)] {
        let r = organiser
            .put_json(
                &format!("/api/tournaments/{t}/prizes"),
                &json!({"prizes": [{"name": "1st", "amount": amount}]}),
            )
            .await;
        assert_eq!(r.status.as_u16() / 100, 4, "{amount}: {}", r.body);
        assert!(
            r.body.contains("decimals") || r.body.contains("below 0"),
            "{amount}: {}",
            r.body
        );
    }
    let p = app
        .client()
        .get(&format!("/api/tournaments/{t}/prizes"))
        .await
        .json();
    assert_eq!(p["list"]["prizes"], json!([]), "{p}");
    // The form takes a French decimal comma and a thousands separator.
    let csrf = organiser
        .csrf(&format!("/tournaments/{t}/prizes/edit"))
        .await;
    let r = organiser
        .post_form(
            &format!("/tournaments/{t}/prizes"),
            &[
                ("csrf", csrf.as_str()),
                ("currency", "GH₵"),
                ("ties", "split"),
                ("one_each", "on"),
                ("prize_0_name", "1st"),
                ("prize_0_category", ""),
                ("prize_0_amount", "1,240"),
                ("prize_0_award", ""),
                ("prize_1_name", "2nd"),
                ("prize_1_category", ""),
                ("prize_1_amount", "64,60"),
                ("prize_1_award", ""),
            ],
        )
        .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    let p = app
        .client()
        .get(&format!("/api/tournaments/{t}/prizes"))
        .await
        .json();
    assert_eq!(p["list"]["prizes"][0]["amount"], 1240, "{p}");
    assert_eq!(p["list"]["prizes"][1]["amount"], 64.6, "{p}");
    // 1,304.60 by four: 326.15 each, to the cent.
    assert_eq!(
        parts(&p).iter().map(|w| w.1).collect::<Vec<_>>(),
        [326.15; 4]
    );
    // An amount the form cannot read is sent back, saying how to write one.
    let r = organiser
        .post_form(
            &format!("/tournaments/{t}/prizes"),
            &[
                ("csrf", csrf.as_str()),
                ("currency", "GH₵"),
                ("ties", "split"),
                ("prize_0_name", "1st"),
                ("prize_0_category", ""),
                ("prize_0_amount", "64.605"),
                ("prize_0_award", ""),
            ],
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    assert!(r.body.contains("at most two decimals"), "{}", r.body);
    // Francs CFA have no centimes: 1,000 FCFA by four, 250 each; 100.50 FCFA is refused.
    let r = organiser
        .put_json(
            &format!("/api/tournaments/{t}/prizes"),
            &json!({"currency": "FCFA", "ties": "split", "prizes": [
                {"name": "1er", "amount": 1001}]}),
        )
        .await;
    let p = r.json();
    assert_eq!(
        parts(&p).iter().map(|w| w.1).collect::<Vec<_>>(),
        [251.0, 250.0, 250.0, 250.0],
        "{p}"
    );
    let r = organiser
        .put_json(
            &format!("/api/tournaments/{t}/prizes"),
            &json!({"currency": "FCFA", "prizes": [{"name": "1er", "amount": 100.5}]}),
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    assert!(r.body.contains("no cents"), "{}", r.body);
}
