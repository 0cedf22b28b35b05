//! What the service writes out: HTML escaped everywhere, CSV that spreadsheets do not run.

use awc::http::StatusCode;
use serde_json::json;

use crate::helpers::*;

const SCRIPT: &str = "<script>alert(1)</script>";

#[actix_web::test]
async fn a_script_in_a_name_is_shown_escaped_on_every_page() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let r = organiser
        .post_json(
            "/api/tournaments",
            &json!({"name": format!("Open {SCRIPT}"), "venue": SCRIPT, "rules": "abapa", "rounds": 3}),
        )
        .await;
    let t = r.json()["id"].as_i64().unwrap();
    let (player, _) = add_player(&organiser, t, SCRIPT).await;
    organiser
        .put_json(
            &format!("/api/tournaments/{t}/players/{player}"),
            &json!({"name": SCRIPT, "club": SCRIPT, "country": SCRIPT}),
        )
        .await;
    let csrf = organiser.csrf(&format!("/tournaments/{t}")).await;
    let pin_page = organiser
        .post_form(
            &format!("/tournaments/{t}/players/{player}/pin"),
            &[("csrf", &csrf)],
        )
        .await;
    assert_eq!(pin_page.status, StatusCode::OK);
    let mut pages = vec![pin_page.body];
    for path in [
        "/tournaments".to_string(),
        format!("/tournaments/{t}"),
        format!("/tournaments/{t}/edit"),
        format!("/tournaments/{t}/sign-in"),
        format!("/tournaments/{t}/players/{player}/edit"),
        "/audit".to_string(),
        format!("/audit?tournament={t}"),
    ] {
        let r = organiser.get(&path).await;
        assert_eq!(r.status, StatusCode::OK, "{path}");
        pages.push(r.body);
    }
    for (i, page) in pages.iter().enumerate() {
        assert!(!page.contains(SCRIPT), "page {i} shows the raw script");
        assert!(
            page.contains("&#60;script&#62;alert(1)&#60;/script&#62;"),
            "page {i} shows the name escaped"
        );
    }
}

#[actix_web::test]
async fn csv_cells_that_look_like_formulas_are_neutralised() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let t = create_tournament(&organiser, "Spreadsheet").await;
    let csv = "name,club,country\n=HYPERLINK(\"http://x\"),+1 club,-GH\n@SUM(A1),Plain,GH\n";
    let r = organiser
        .send(
            awc::http::Method::POST,
            &format!("/api/tournaments/{t}/players/import"),
            Some("text/csv"),
            csv.as_bytes().to_vec(),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let r = organiser
        .get(&format!("/tournaments/{t}/players.csv"))
        .await;
    assert_eq!(r.status, StatusCode::OK);
    assert!(r.header("content-type").unwrap().starts_with("text/csv"));
    let mut reader = csv::Reader::from_reader(r.body.as_bytes());
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    let cells: Vec<&str> = rows.iter().flat_map(|r| r.iter()).collect();
    for cell in &cells {
        assert!(
            !cell.starts_with(['=', '+', '-', '@']),
            "{cell:?} would run as a formula"
        );
    }
    assert!(cells.contains(&"'=HYPERLINK(\"http://x\")"));
    assert!(cells.contains(&"'+1 club") && cells.contains(&"'-GH") && cells.contains(&"'@SUM(A1)"));
    assert!(cells.contains(&"Plain"));
}
