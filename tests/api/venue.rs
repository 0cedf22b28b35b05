//! The venue box: the page that lists this machine's addresses with their codes and makes the
//! card that joins phones to the Wi-Fi; and pages that need nothing from the internet.

use std::path::Path;

use awc::http::{Method, StatusCode};
use serde_json::json;

use crate::helpers::*;
use crate::swiss::sign_in;

#[actix_web::test]
async fn the_venue_page_is_for_the_staff_and_makes_a_wifi_card() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let page = app.client().get("/venue").await;
    assert_eq!(page.status, StatusCode::SEE_OTHER);
    let (t, p) =
        crate::sheets::tournament_with_players(&app, &organiser, "swiss", 2, json!({})).await;
    let player = sign_in(&app, t, p[0].0, &p[0].1).await;
    assert_eq!(player.get("/venue").await.status, StatusCode::FORBIDDEN);

    // The test service listens on 127.0.0.1 only: the page says phones cannot reach it.
    let controller = app.controller(&organiser, "venue-controller").await;
    let page = controller.get("/venue").await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert!(
        page.body
            .contains("listens only on this computer (127.0.0.1:"),
        "{}",
        page.body
    );
    assert!(page.body.contains("OWARE_BIND=0.0.0.0:8080"));

    // The card: the Wi-Fi's code (its name escaped in the page), with the password to read.
    let csrf = controller.csrf("/venue").await;
    let card = controller
        .post_form(
            "/venue",
            &[
                ("network", "Oware <Club>"),
                ("password", "s3cret;42"),
                ("csrf", &csrf),
            ],
        )
        .await;
    assert_eq!(card.status, StatusCode::OK, "{}", card.body);
    assert!(card.body.contains("1. Join the Wi-Fi"));
    assert!(
        card.body
            .contains("aria-label=\"QR code that joins the Wi-Fi Oware &lt;Club>\"")
    );
    assert!(card.body.contains("s3cret;42"));
    assert!(!card.body.contains("<Club>"));
    // Refused: no name, a name longer than Wi-Fi allows, no form token.
    for (network, code) in [("  ", 422), (&"n".repeat(33) as &str, 422)] {
        let r = controller
            .post_form(
                "/venue",
                &[("network", network), ("password", ""), ("csrf", &csrf)],
            )
            .await;
        assert_eq!(r.status.as_u16(), code, "{}", r.body);
        assert!(!r.body.contains("1. Join the Wi-Fi"));
    }
    let r = controller
        .post_form("/venue", &[("network", "Hall"), ("password", "")])
        .await;
    assert_eq!(r.status.as_u16() / 100, 4);
    let r = controller
        .post_form(
            "/venue",
            &[("network", " "), ("password", ""), ("csrf", &csrf)],
        )
        .await;
    assert!(r.body.contains("Write the Wi-Fi"), "{}", r.body);

    // In French, the page's problems and its codes' names too.
    let french = [("Accept-Language", "fr-CI,fr;q=0.9")];
    let send = |body: Option<String>| {
        let method = if body.is_some() {
            Method::POST
        } else {
            Method::GET
        };
        let kind = body.as_ref().map(|_| "application/x-www-form-urlencoded");
        let bytes = body.unwrap_or_default().into_bytes();
        let controller = &controller;
        async move {
            controller
                .try_send_with(method, "/venue", kind, &french, bytes)
                .await
                .unwrap()
        }
    };
    let page = send(None).await;
    assert!(page.body.contains("Le réseau de la salle"), "{}", page.body);
    let csrf = csrf_in(&page.body);
    let form = |network: &str, password: &str| {
        Some(format!("network={network}&password={password}&csrf={csrf}"))
    };
    for (network, password, words) in [
        ("+", String::new(), "Écrivez le nom du Wi-Fi."),
        (
            &"n".repeat(33) as &str,
            String::new(),
            "tient en 32 octets au plus",
        ),
        ("Salle", "p".repeat(64), "tient en 63 caractères au plus"),
    ] {
        let r = send(form(network, &password)).await;
        assert_eq!(r.status.as_u16(), 422, "{}", r.body);
        assert!(r.body.contains(words), "{words}: {}", r.body);
    }
    let card = send(form("Salle", "")).await;
    assert_eq!(card.status, StatusCode::OK, "{}", card.body);
    assert!(
        card.body
            .contains("aria-label=\"Code QR qui connecte au Wi-Fi Salle\""),
        "{}",
        card.body
    );
}

#[actix_web::test]
async fn a_printed_address_the_machine_does_not_have_is_told() {
    let app = spawn_app_at(Some("http://192.0.2.7:8080")).await;
    let organiser = app.organiser().await;
    let page = organiser.get("/venue").await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.body.contains("http://192.0.2.7:8080"));
    assert!(
        page.body
            .contains("It is not one of this computer&#39;s addresses now")
    );
}

/// Every file under `dir` whose name ends with one of `endings`.
fn files(dir: &Path, endings: &[&str], out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files(&path, endings, out);
        } else if endings.iter().any(|e| path.to_string_lossy().ends_with(e)) {
            out.push(path);
        }
    }
}

#[test]
fn no_page_loads_anything_from_elsewhere() {
    // A venue without internet prints and shows every page: no font, script, style or image
    // comes from another site (an SVG's namespace is a name, not something loaded).
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = Vec::new();
    files(&root.join("templates"), &[".html"], &mut found);
    files(&root.join("static"), &[".js", ".css", ".svg"], &mut found);
    assert!(found.len() > 40, "{found:?}");
    for path in found {
        let text = std::fs::read_to_string(&path).unwrap();
        for (at, _) in text.match_indices("//") {
            let before = &text[..at];
            let loads = ["src=\"", "href=\"", "url(", "@import \"", "src='", "href='"]
                .iter()
                .any(|a| {
                    before.ends_with(a)
                        || before.ends_with(&format!("{a}http:"))
                        || before.ends_with(&format!("{a}https:"))
                });
            assert!(
                !loads,
                "{} loads from elsewhere near byte {at}",
                path.display()
            );
        }
        assert!(!text.contains("fonts.googleapis"), "{}", path.display());
    }
}
