//! The service in French on a phone: the language switch on every page, a tournament whose own
//! language is French (its printed pairings, score sheets and PIN slips stay in French whatever
//! the reader's language), the organiser's pages, a player's sheet refused with the diagnostic
//! as a French arbiter writes it ("Au coup 3, Nord"), and the standings with their decimal
//! comma. Every page is checked at 390 px through axe-core, and none shows the English words of
//! the pages.

use std::collections::HashMap;

use serde_json::{Value, json};

use super::{Session, Step, fail, phone, run_in, with_wrong_move};
use crate::archive::LONG;
use crate::helpers::*;
use crate::sheets::generated_and_published;
use crate::swiss::{fixture_game, fixture_records};

/// Words of the English pages that a French page never shows.
const ENGLISH: [&str; 14] = [
    "Sign in",
    "Sign out",
    "Standings",
    "Pairings",
    "Score sheet",
    "Round ",
    "Players",
    "Print",
    "waiting for",
    "Back to",
    "Tournaments",
    "Did you mean",
    "Result",
    "Skip to",
];

/// The page in French, with no English word of the pages on it.
async fn in_french(s: &Session) -> Step<()> {
    let found = s
        .browser
        .execute(
            "return [document.documentElement.lang, document.body.innerText];",
            vec![],
        )
        .await
        .map_err(fail("read the page"))?;
    let url = s.url().await;
    if found[0] != json!("fr") {
        return Err(format!("{url} is in {:?}", found[0]));
    }
    let text = found[1].as_str().unwrap_or_default();
    for english in ENGLISH {
        if text.contains(english) {
            return Err(format!("{url} shows “{english}”:\n{text}"));
        }
    }
    Ok(())
}

async fn goto_fr(s: &Session, path: &str) -> Step<()> {
    s.goto(path).await?;
    in_french(s).await
}

/// The sheet move of ply `ply` as the French page writes it.
fn coup(ply: usize) -> String {
    let side = if ply % 2 == 1 { "Sud" } else { "Nord" };
    format!("Au coup {}, {side}", ply.div_ceil(2))
}

struct Setting {
    t: i64,
    pins: HashMap<String, String>,
}

async fn journey(s: &Session, set: &Setting) -> Step<()> {
    let t = set.t;
    // The browser reads English: the switch on the page leads to French, and it stays.
    s.goto("/tournaments").await?;
    s.expect_text("h1", "Tournaments").await?;
    s.click_through("header a[hreflang=fr]").await?;
    s.expect_text("h1", "Tournois").await?;
    in_french(s).await?;
    goto_fr(s, "/login").await?;
    s.fill("input[name=username]", "admin").await?;
    s.fill("input[name=password]", ADMIN_PASSWORD).await?;
    s.click_through("form[action='/login'] button[type=submit]")
        .await?;
    s.expect_text("header .who", "admin (organisateur)").await?;
    in_french(s).await?;
    goto_fr(s, &format!("/tournaments/{t}")).await?;
    s.expect_text(".facts", "Français").await?;
    s.expect_text(".facts", "victoire 1, nulle 0,5").await?;
    goto_fr(s, &format!("/tournaments/{t}/edit")).await?;
    goto_fr(s, &format!("/tournaments/{t}/rounds/1")).await?;
    s.expect_text("main", "Publiée.").await?;
    s.expect_text("#pairings", LONG).await?;
    goto_fr(s, &format!("/tournaments/{t}/rounds/1/print")).await?;
    s.expect_text("#by-board-title", "appariements par table")
        .await?;
    s.fits_a4(&["Imprimer les appariements", "Retour à la ronde"])
        .await?;
    goto_fr(s, &format!("/tournaments/{t}/rounds/1/sheets")).await?;
    s.expect_text(".score-sheet", "Graines prises par Sud")
        .await?;
    // Printed in a browser whose own language is English: the date printed is French, as the
    // rest of the sheet (the stamp is written again as the print starts).
    let own = s
        .browser
        .execute("return navigator.language;", vec![])
        .await
        .map_err(fail("read the browser's language"))?;
    let stamp = s
        .browser
        .execute(
            "window.dispatchEvent(new Event('beforeprint'));
             return document.querySelector('[data-printed-at]').textContent;",
            vec![],
        )
        .await
        .map_err(fail("print the score sheets"))?;
    let stamp = stamp.as_str().unwrap_or_default();
    let months = [
        "janvier",
        "février",
        "mars",
        "avril",
        "mai",
        "juin",
        "juillet",
        "août",
        "septembre",
        "octobre",
        "novembre",
        "décembre",
    ];
    if !months.iter().any(|m| stamp.contains(m)) || stamp.contains(" at ") {
        return Err(format!(
            "a French sheet printed in a browser in {own}: printed {stamp:?}"
        ));
    }
    goto_fr(s, &format!("/tournaments/{t}/dashboard")).await?;
    goto_fr(s, &format!("/tournaments/{t}/live")).await?;
    goto_fr(s, &format!("/tournaments/{t}/roll-call")).await?;
    goto_fr(s, &format!("/tournaments/{t}/schedule")).await?;
    // A reader of English gets English pages, but the tournament's prints stay in French.
    s.goto(&format!(
        "/language?to=en&back=/tournaments/{t}/rounds/1/print"
    ))
    .await?;
    s.expect_text("#by-board-title", "appariements par table")
        .await?;
    s.goto(&format!("/tournaments/{t}/rounds/1")).await?;
    s.expect_text("main", "Published.").await?;
    s.click_through("header a[hreflang=fr]").await?;
    s.expect_text("main", "Publiée.").await?;
    s.click_through("form[action='/logout'] button").await?;
    s.expect_text("header", "Se connecter").await?;

    // A player signs in with the PIN on the slip, finds the board and sends a sheet with a slip
    // of the pen: refused, with the move and the mending change in French.
    let fixture = fixture_records().swap_remove(0);
    let (_, winner, seeds) = fixture_game(&fixture);
    let (wrong, wrong_ply) = with_wrong_move(&fixture);
    goto_fr(s, &format!("/tournaments/{t}/sign-in")).await?;
    s.fill("#find-name", "akosua").await?;
    s.wait_for_text("#find-status", "1 nom contient").await?;
    s.choose("select[name=player_id]", LONG).await?;
    s.fill("input[name=pin]", &set.pins[LONG]).await?;
    s.click_through("main form[method=post] button[type=submit]")
        .await?;
    s.expect_text("header .who", LONG).await?;
    in_french(s).await?;
    s.expect_text("#my-board", "Vous jouez").await?;
    s.click_through("#my-board a[href^='/games/']").await?;
    in_french(s).await?;
    let south = s.text("h1").await?;
    let label = match winner.as_str() {
        "south" => format!("{} (Sud) gagne", south.split(" (Sud").next().unwrap_or("")),
        "north" => "(Nord) gagne".to_string(),
        _ => "Nulle".to_string(),
    };
    let option = s
        .browser
        .execute(
            "var wanted = arguments[0];
             var o = Array.from(document.querySelectorAll('#sheet select[name=result] option'))
               .find(function (o) { return o.textContent.indexOf(wanted) >= 0; });
             if (!o) return null;
             o.selected = true;
             return o.textContent;",
            vec![json!(label)],
        )
        .await
        .map_err(fail("choose the result"))?;
    if option == Value::Null {
        return Err(format!("no result reads “{label}”"));
    }
    s.fill("input[name=south_seeds]", &seeds[0].to_string())
        .await?;
    s.fill("input[name=north_seeds]", &seeds[1].to_string())
        .await?;
    s.choose("select[name=end]", "selon les règles (fin naturelle)")
        .await?;
    s.fill("textarea[name=moves]", &wrong).await?;
    s.click_through("#sheet button[type=submit]").await?;
    in_french(s).await?;
    let diagnostic = s.expect_text(".diagnostic", &coup(wrong_ply)).await?;
    if !diagnostic.contains("La feuille n'a pas été acceptée.") {
        return Err(format!("the diagnostic reads “{diagnostic}”"));
    }
    s.expect_text("#suggestions", "Vouliez-vous dire").await?;
    s.expect_text(
        "#suggestions",
        &format!("{}\u{202f}: ", &coup(wrong_ply)[3..]),
    )
    .await?;
    goto_fr(s, &format!("/tournaments/{t}/standings")).await?;
    goto_fr(s, &format!("/tournaments/{t}/crosstable")).await?;
    goto_fr(s, "/tournaments/999999").await?;
    s.expect_text("h1", "Introuvable").await?;
    Ok(())
}

#[actix_web::test]
async fn the_service_in_french_in_a_browser() {
    let Some(phone) = phone("french").await else {
        return;
    };
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let r = organiser
        .post_json(
            "/api/tournaments",
            &json!({"name": "Open de Cannes", "rules": "abapa", "rounds": 3, "language": "fr"}),
        )
        .await;
    assert_eq!(r.status.as_u16(), 201, "{}", r.body);
    let t = r.json()["id"].as_i64().unwrap();
    let mut pins = HashMap::new();
    for name in [LONG, "Aïcha Diallo", "Kofi Boateng", "Émile Kouassi"] {
        let (_, pin) = add_player(&organiser, t, name).await;
        pins.insert(name.to_string(), pin);
    }
    generated_and_published(&organiser, t, 1).await;
    let set = Setting { t, pins };
    let checked = run_in(phone, &app, "french", async |s: &Session, _, _| {
        journey(s, &set).await
    })
    .await;
    assert!(checked.len() >= 18, "{checked:?}");
}
