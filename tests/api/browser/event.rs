//! An event run in a browser at a phone's width, at full size: the open of 40 (a 60-character
//! name among them) and the junior round robin of 12 of `event_scenario`. The organiser enters
//! four juniors in the open from the event's player list, the organiser lists the schools'
//! teams through the team form; the rounds are played through the API; the event page, its
//! players, its projector view, the junior prizes (printed) and the teams are checked by axe at
//! 390 px and read against the values worked out by hand in `event_scenario`.

use super::{Session, Step, phone, run_in};
use crate::event_scenario::{Festival, IN_THE_OPEN, JUNIOR_PRIZES, JUNIORS, LONG_NAME, SCHOOLS};
use crate::helpers::*;

/// The organiser enters the four juniors in the open through the event's player list.
async fn enter_juniors(s: &Session, f: &Festival) -> Step<()> {
    s.goto(&format!("/events/{}", f.event)).await?;
    s.expect_text("#sections", "Junior").await?;
    s.click_through(&format!("a[href='/events/{}/players']", f.event))
        .await?;
    s.expect_text("main", "48 players").await?;
    s.expect_text("#event-players", LONG_NAME).await?;
    for name in IN_THE_OPEN {
        s.click(&format!("input[name=person_{}]", f.in_junior[name]))
            .await?;
    }
    s.choose("select[name=section]", "Open").await?;
    s.click_through("#enter-form button[type=submit]").await?;
    s.expect_text("#entered", "4 players entered in Open")
        .await?;
    s.check_page().await?;
    // Each of them now plays in both sections.
    let rows = super::formats::table(s, "#event-players").await?;
    for name in IN_THE_OPEN {
        let row = rows
            .iter()
            .find(|r| r[0].contains(name))
            .ok_or(format!("{name} is not on the event's list"))?;
        if !(row[4].contains("Open") && row[4].contains("Junior")) {
            return Err(format!("{name} plays in: {}", row[4]));
        }
    }
    Ok(())
}

/// The organiser lists the schools through the junior section's team form.
async fn list_schools(s: &Session, f: &Festival) -> Step<()> {
    s.goto(&format!("/tournaments/{}/teams", f.junior)).await?;
    s.choose("select[name=by]", "lists: the team of each player, below")
        .await?;
    s.fill("input[name=best]", "3").await?;
    s.click("#team-lists summary").await?;
    for (name, .., school) in JUNIORS {
        s.fill(&format!("#team_{}", f.in_junior[name]), school)
            .await?;
    }
    s.click_through(&format!(
        "form[action='/tournaments/{}/teams'] button[type=submit]",
        f.junior
    ))
    .await?;
    let rows = super::formats::table(s, "#teams").await?;
    let mut teams: Vec<&str> = rows.iter().map(|r| r[1].as_str()).collect();
    teams.sort();
    if teams != ["Achimota", "Mfantsipim", "Wesley Girls"] {
        return Err(format!("the schools' teams: {rows:?}"));
    }
    Ok(())
}

/// After the last round: the junior prizes and the schools as worked out by hand, the prizes
/// printed; the open's teams; the event's projector view.
async fn results(s: &Session, f: &Festival) -> Step<()> {
    s.goto(&format!("/tournaments/{}/prizes", f.junior)).await?;
    let rows = super::formats::table(s, "#prizes").await?;
    for ((prize, winners), row) in JUNIOR_PRIZES.iter().zip(&rows) {
        // Each prize names those it is awarded to, and no one else of the tie.
        for name in JUNIORS.iter().map(|j| j.0) {
            if row[0] != *prize || winners.contains(&name) != row[3].contains(name) {
                return Err(format!(
                    "{prize}: {winners:?} are not those named in {row:?}"
                ));
            }
        }
    }
    // The pools, each as one block, to the cent.
    s.expect_text(
        "main",
        "2nd and 3rd pooled: GH₵ 100 shared by the two tied on 9½, GH₵ 50 each",
    )
    .await?;
    s.expect_text(
        "main",
        "Best girl and Best under 12 pooled: GH₵ 50 shared by the three tied on 7, as follows:",
    )
    .await?;
    s.expect_text("#prize-totals", "GH₵ 250").await?;
    s.fits_a4(&["Edit the prizes", "Standings"]).await?;
    s.goto(&format!("/tournaments/{}/teams", f.junior)).await?;
    let rows = super::formats::table(s, "#teams").await?;
    let shown: Vec<(String, String)> = rows.iter().map(|r| (r[1].clone(), r[2].clone())).collect();
    let by_hand: Vec<(String, String)> = SCHOOLS
        .iter()
        .map(|(n, p)| (n.to_string(), p.to_string().replace(".5", "½")))
        .collect();
    if shown != by_hand {
        return Err(format!("the schools: {shown:?}, by hand {by_hand:?}"));
    }
    s.goto(&format!("/tournaments/{}/teams", f.open)).await?;
    s.expect_text("#teams", "GH").await?;
    s.goto(&format!("/events/{}/live", f.event)).await?;
    s.expect_text("main", "Accra Oware Festival").await?;
    s.goto(&format!(
        "/tournaments/{}/standings?category=Under%2012",
        f.open
    ))
    .await?;
    s.expect_text("main", "Kwame Asante").await?;
    Ok(())
}

#[actix_web::test]
async fn an_event_in_a_browser() {
    let Some(phone) = phone("event").await else {
        return;
    };
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let mut f = Festival::registered(&app, &organiser).await;
    f.prizes(&organiser).await;
    let checked = run_in(
        phone,
        &app,
        "event",
        async |s: &Session, _: &std::path::Path, _: &std::path::Path| {
            s.sign_in("admin", ADMIN_PASSWORD).await?;
            enter_juniors(s, &f).await?;
            list_schools(s, &f).await?;
            f.entered(&app).await;
            f.play().await;
            results(s, &f).await?;
            // As a spectator sees them: the event, its players, the prizes printed.
            s.sign_out().await?;
            s.goto(&format!("/events/{}", f.event)).await?;
            s.expect_text("main", "Projector view").await?;
            s.goto(&format!("/events/{}/players", f.event)).await?;
            s.expect_text("#event-players", "Kwame Asante").await?;
            s.goto(&format!("/tournaments/{}/prizes", f.open)).await?;
            s.fits_a4(&["Standings"]).await
        },
    )
    .await;
    for page in ["/players", "/prizes", "/teams", "/live"] {
        assert!(
            checked.iter().any(|p| p.contains(page)),
            "no page like {page}: {checked:?}"
        );
    }
}
