//! What a hostile visitor tries: changes asked for by pages of other sites.

use awc::http::{Method, StatusCode};
use serde_json::json;

use crate::helpers::*;
use crate::sheets::{one_game, publish};

#[actix_web::test]
async fn a_page_of_another_site_cannot_change_anything_through_the_api() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let (t, _, _, _) = one_game(&app, &organiser, json!({})).await;
    let publish_path = format!("/api/tournaments/{t}/rounds/1/publish");
    let host = app.address.trim_start_matches("http://").to_string();
    let sibling = "http://results.example.org".to_string();
    let own = format!("http://{host}");
    for headers in [
        vec![("Sec-Fetch-Site", "same-site")],
        vec![("Sec-Fetch-Site", "cross-site")],
        vec![("Origin", sibling.as_str())],
    ] {
        // A body-less POST, as a form or `fetch` from the other page would send it, with the
        // organiser's cookie.
        let r = organiser
            .try_send_with(Method::POST, &publish_path, None, &headers, Vec::new())
            .await
            .unwrap();
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{headers:?}: {}", r.body);
        let round = organiser
            .get(&format!("/api/tournaments/{t}/rounds/1"))
            .await
            .json();
        assert_eq!(round["published"], false, "{headers:?} changed nothing");
        let r = organiser
            .try_send_with(
                Method::DELETE,
                &format!("/api/tournaments/{t}/rounds/1"),
                None,
                &headers,
                Vec::new(),
            )
            .await
            .unwrap();
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{headers:?}: {}", r.body);
    }
    // The site's own pages, and programs that send no such header, still work.
    for headers in [
        vec![("Sec-Fetch-Site", "same-origin")],
        vec![("Origin", own.as_str())],
    ] {
        let r = organiser
            .try_send_with(
                Method::GET,
                &format!("/api/tournaments/{t}/rounds/1"),
                None,
                &headers,
                Vec::new(),
            )
            .await
            .unwrap();
        assert_eq!(r.status, StatusCode::OK);
    }
    let r = organiser
        .try_send_with(
            Method::POST,
            &publish_path,
            None,
            &[("Sec-Fetch-Site", "same-origin"), ("Origin", own.as_str())],
            Vec::new(),
        )
        .await
        .unwrap();
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    publish(&organiser, t, 1).await;
}
