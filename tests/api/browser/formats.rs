//! Oware's formats run in a browser at a phone's width: a best-of-3 knockout of 12 with a
//! third-place match, set up through the tournament form and a CSV file of 60-character names;
//! a Swiss of two-game matches among 20 players whose top 4 qualify, on the qualify page, for a
//! knockout of two-game matches with deciding games; a double elimination's bracket. The
//! controller pairs and publishes every round in the browser; the games come in through the
//! API (every one a real move list, replayed), as players' phones send them; the pages
//! (rounds, bracket, standings, qualify) are checked by axe at 390 px and read for the
//! pairings, places and points worked out by hand in the test.

use std::collections::{HashMap, HashSet};

use serde_json::json;

use super::{Session, Step, fail, phone, run_in};
use crate::helpers::*;
use crate::matches::{Fixture, board, by_winner, play_match, round, south_of};
use crate::sheets::{sent_and_confirmed, tournament_with_players};
use crate::swiss::sheet;

/// The controller pairs round `n` in the browser and publishes it: the round's boards as the
/// round page lists them, (South, North) by name, first games only, byes left out.
pub(super) async fn pair_and_publish(s: &Session, t: i64, n: i64) -> Step<Vec<(String, String)>> {
    s.goto(&format!("/tournaments/{t}/rounds")).await?;
    s.expect_text("main h2", &format!("Round {n}")).await?;
    s.click_through("button[name=mode][value=generate]").await?;
    s.expect_text("main", "Not published").await?;
    s.click("#confirm-publish summary").await?;
    s.click_through(&format!(
        "form[action='/tournaments/{t}/rounds/{n}/publish'] button"
    ))
    .await?;
    s.expect_text("main", "Published.").await?;
    let rows = s
        .browser
        .execute(
            "return Array.from(document.querySelectorAll('#pairings tbody tr')).map(function (r) {
               return Array.from(r.querySelectorAll('td')).slice(0, 3).map(function (c) {
                 return c.textContent.trim();
               });
             });",
            vec![],
        )
        .await
        .map_err(fail("read the pairings"))?;
    let rows: Vec<Vec<String>> = serde_json::from_value(rows).map_err(fail("the pairings"))?;
    Ok(rows
        .into_iter()
        .filter(|r| r[2] != "bye" && (!r[0].contains("game") || r[0].contains("game 1 ")))
        .map(|r| (r[1].clone(), r[2].clone()))
        .collect())
}

/// The rows of a table's body as cell texts.
pub(super) async fn table(s: &Session, css: &str) -> Step<Vec<Vec<String>>> {
    let rows = s
        .browser
        .execute(
            "return Array.from(document.querySelectorAll(arguments[0] + ' tbody tr')).map(function (r) {
               return Array.from(r.querySelectorAll('td')).map(function (c) {
                 return c.textContent.trim();
               });
             });",
            vec![json!(css)],
        )
        .await
        .map_err(fail(&format!("read {css}")))?;
    serde_json::from_value(rows).map_err(fail(css))
}

/// What the games need: the test's server, the organiser's API client, PINs, fixture games.
struct Games<'a> {
    app: &'a TestApp,
    organiser: &'a Client,
    pin: HashMap<i64, String>,
    wins: HashMap<&'static str, Vec<Fixture>>,
}

impl Games<'_> {
    /// Plays board `b` of round `n` of `t`: `winner` wins the games `pattern` says.
    async fn play(&self, (t, n, b): (i64, i64, i64), winner: i64, pattern: &[bool]) {
        play_match(
            self.app,
            self.organiser,
            (t, n, b),
            winner,
            pattern,
            &self.pin,
            &self.wins,
        )
        .await;
    }
}

#[actix_web::test]
async fn formats_run_in_a_browser() {
    let Some(phone) = phone("formats").await else {
        return;
    };
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    // The Swiss is a section of an event whose categories its standings show.
    let r = organiser
        .post_json(
            "/api/events",
            &json!({"name": "Accra Oware Festival", "venue": "Accra", "categories": [
                {"name": "Under 12", "rule": "under", "age": 12, "on": "2026-07-01"},
                {"name": "Club players", "rule": "rated-below", "rating": 1600}]}),
        )
        .await;
    let event = r.json()["id"].as_i64().unwrap();
    let (swiss, players) = tournament_with_players(
        &app,
        &organiser,
        "swiss",
        20,
        json!({"rounds": 3, "match_games": 2, "tiebreaks": ["GP", "SC", "BH"], "event_id": event}),
    )
    .await;
    let r = organiser
        .post_json(
            "/api/tournaments",
            &json!({"name": "Final four", "rules": "abapa", "rounds": 2, "pairing": "knockout",
                    "match_games": 2}),
        )
        .await;
    let final_four = r.json()["id"].as_i64().unwrap();
    let double = double_elimination_in_play(&app, &organiser).await;
    let checked = run_in(
        phone,
        &app,
        "formats",
        async |s: &Session, _: &std::path::Path, work: &std::path::Path| {
            s.sign_in("admin", ADMIN_PASSWORD).await?;
            knockout_of_twelve(s, &app, &organiser, work).await?;
            swiss_into_a_knockout(s, &app, &organiser, (swiss, final_four), &players).await?;
            event_pages(s, event, swiss).await?;
            // A double elimination's bracket: the winners' bracket, the losers' bracket waiting
            // for round 1's losers, the grand final.
            s.goto(&format!("/tournaments/{double}/bracket")).await?;
            s.expect_text("main", "Losers' bracket").await?;
            s.expect_text("main", "loser of round 1, board 1").await?;
            s.expect_text("main", "Grand final").await?;
            s.fits_a4(&["Standings"]).await
        },
    )
    .await;
    for page in ["/bracket", "/qualify", "/rounds/4", "/standings"] {
        assert!(
            checked.iter().any(|p| p.contains(page)),
            "no page like {page}: {checked:?}"
        );
    }
}

/// The event's pages: the list, the event with its section and categories, its form (a
/// category added through it), a new section's form, the standings of a category.
async fn event_pages(s: &Session, event: i64, swiss: i64) -> Step<()> {
    s.goto("/events").await?;
    s.click_through(&format!("a[href='/events/{event}']"))
        .await?;
    s.expect_text("#sections", "swiss 20").await?;
    s.expect_text("#categories", "born in 2014 or later")
        .await?;
    s.click_through(&format!("a[href='/events/{event}/edit']"))
        .await?;
    s.fill("input[name=category_2_name]", "Women").await?;
    s.choose("select[name=category_2_rule]", "women").await?;
    s.click_through("main form button[type=submit]").await?;
    s.expect_text("#categories", "Women: women").await?;
    s.click_through(&format!("a[href='/tournaments/new?event={event}']"))
        .await?;
    s.expect_text("select[name=event_id]", "Accra Oware Festival")
        .await?;
    s.goto("/events/new").await?;
    // Every player of the Swiss is rated 1500: the club players' standings are the whole
    // table, ranked as it ranks them.
    s.goto(&format!("/tournaments/{swiss}/standings")).await?;
    let all = table(s, "#standings").await?;
    s.click_through("#categories a[href*='category=Club']")
        .await?;
    s.expect_text("h1", "of the category Club players").await?;
    let club = table(s, "#standings").await?;
    if club != all || club.len() != 20 {
        return Err(format!("the club players: {club:?}"));
    }
    s.goto(&format!(
        "/tournaments/{swiss}/standings?category=Under%2012"
    ))
    .await?;
    if !table(s, "#standings").await?.is_empty() {
        return Err("nobody's birth year is known, yet someone is under 12".to_string());
    }
    // The prizes: listed on the organiser's form, given from the final standings, printed.
    s.goto(&format!("/tournaments/{swiss}/standings")).await?;
    s.click_through(&format!("a[href='/tournaments/{swiss}/prizes']"))
        .await?;
    s.click_through(&format!("a[href='/tournaments/{swiss}/prizes/edit']"))
        .await?;
    s.fill("input[name=prize_0_name]", "1st").await?;
    s.fill("input[name=prize_0_amount]", "300").await?;
    s.fill("input[name=prize_0_award]", "trophy").await?;
    s.fill("input[name=prize_1_name]", "Best club player")
        .await?;
    s.choose("select[name=prize_1_category]", "Club players")
        .await?;
    s.fill("input[name=prize_1_amount]", "50").await?;
    s.fill("input[name=currency]", "GH₵").await?;
    s.choose("select[name=ties]", "share it (the money in equal parts)")
        .await?;
    s.click_through("main form button[type=submit]").await?;
    let prizes = table(s, "#prizes").await?;
    // Worked out from the standings read above: the leaders on points share the 1st prize
    // (300 in equal parts); if one leads alone, the next on points share the club players'.
    let top = &all[0][3];
    let leaders: Vec<&String> = all.iter().filter(|r| r[3] == *top).map(|r| &r[1]).collect();
    if prizes.len() != 2 || !leaders.iter().all(|n| prizes[0][3].contains(n.as_str())) {
        return Err(format!("the prizes: {prizes:?}, the standings: {all:?}"));
    }
    if leaders.len() > 1 {
        let each = (30000 / leaders.len()) as f64 / 100.0;
        let text = if each.fract() == 0.0 {
            format!("GH₵ {each}")
        } else {
            format!("GH₵ {each:.2}")
        };
        if !prizes[0][3].contains(&text) {
            return Err(format!(
                "a share of the 1st prize is not {text}: {prizes:?}"
            ));
        }
    }
    s.fits_a4(&["Edit the prizes", "Standings"]).await?;
    // Team standings by club: every player of the Swiss is of Accra, one team of 20, whose
    // best 4 count.
    s.goto(&format!("/tournaments/{swiss}/teams")).await?;
    s.choose("select[name=by]", "club").await?;
    s.fill("input[name=best]", "4").await?;
    s.click_through("form[action$='/teams'] button[type=submit]")
        .await?;
    let teams = table(s, "#teams").await?;
    let best: f64 = all.iter().take(4).map(|r| as_points(&r[3])).sum();
    if teams.len() != 1 || teams[0][1] != "Accra" || as_points(&teams[0][2]) != best {
        return Err(format!("the teams: {teams:?}, the best four of {all:?}"));
    }
    s.fits_a4(&["Save the team settings", "Standings"]).await
}

/// Points as the pages write them: "2", "2½", "½".
fn as_points(text: &str) -> f64 {
    let half = if text.ends_with('½') { 0.5 } else { 0.0 };
    text.trim_end_matches('½').parse::<f64>().unwrap_or(0.0) + half
}

/// A double elimination of 6 with round 1 published, nothing played yet.
async fn double_elimination_in_play(app: &TestApp, organiser: &Client) -> i64 {
    let r = organiser
        .post_json(
            "/api/tournaments",
            &json!({"name": "Double elimination", "rules": "abapa", "rounds": 7,
                    "pairing": "knockout", "double_elimination": true}),
        )
        .await;
    let t = r.json()["id"].as_i64().unwrap();
    for i in 1..=6 {
        let name = format!(
            "{:-<60}",
            format!("Seed {i:02} Nana Akua Agyeiwaa Ofori-Atta")
        );
        organiser
            .post_json(
                &format!("/api/tournaments/{t}/players"),
                &json!({"name": name, "rating": 2000 - i}),
            )
            .await;
    }
    let _ = app;
    crate::sheets::generated_and_published(organiser, t, 1).await;
    t
}

/// The best-of-3 knockout of 12 with a third-place match, as in `docs/pairing.md`'s worked
/// example: set up in the browser, paired and published round by round in the browser, the
/// bracket and the standings read at the end.
async fn knockout_of_twelve(
    s: &Session,
    app: &TestApp,
    organiser: &Client,
    work: &std::path::Path,
) -> Step<()> {
    s.goto("/tournaments/new").await?;
    s.fill("input[name=name]", "Knockout of twelve").await?;
    s.choose("select[name=rules]", "abapa").await?;
    s.fill("input[name=rounds]", "4").await?;
    s.choose(
        "select[name=pairing]",
        "Knockout (single or double elimination)",
    )
    .await?;
    s.fill("input[name=match_games]", "3").await?;
    s.choose("select[name=match_length]", "best of (stops when decided)")
        .await?;
    s.choose(
        "select[name=match_start]",
        "the winner of the previous game",
    )
    .await?;
    s.click("input[name=third_place]").await?;
    s.click_through("main form button[type=submit]").await?;
    s.expect_text("main", "knockout (single elimination)")
        .await?;
    s.expect_text("main", "best of 3").await?;
    let path = s.path().await?;
    let t: i64 = path
        .strip_prefix("/tournaments/")
        .and_then(|id| id.parse().ok())
        .ok_or_else(|| format!("after saving, the browser is at {path}"))?;
    // Seeds 1 to 12 by rating, from a CSV file of 60-character names.
    let name = |i: usize| format!("{:-<60}", format!("Seed {i:02} Akosua Boatemaa Nkansah"));
    let mut csv = "name,club,country,rating\n".to_string();
    for i in 1..=12 {
        csv.push_str(&format!("{},,GH,{}\n", name(i), 2010 - 10 * i));
    }
    let file = work.join("knockout.csv");
    std::fs::write(&file, csv).map_err(fail("write the CSV"))?;
    s.goto(&format!("/tournaments/{t}/players/import")).await?;
    s.find("input[type=file][name=file]")
        .await?
        .send_keys(&file.display().to_string())
        .await
        .map_err(fail("choose the CSV file"))?;
    s.click_through("main form button[type=submit]").await?;
    s.expect_text("h1", "PIN slips").await?;
    let slips = table_of_slips(s).await?;
    let id_of = ids_by_name(organiser, t).await;
    let seed = |i: usize| id_of[&name(i)];
    let games = Games {
        app,
        organiser,
        pin: slips.into_iter().map(|(n, pin)| (id_of[&n], pin)).collect(),
        wins: by_winner(),
    };
    let pairs = |list: &[(usize, usize)]| -> Vec<(String, String)> {
        list.iter().map(|&(a, b)| (name(a), name(b))).collect()
    };
    // Round 1: byes for 1-4; 8-9, 5-12, 7-10, 6-11. Round 2: the winners meet the byes' seeds.
    // Round 3: the semi-finals. Round 4: the final on board 1, the third-place match on board 2.
    let rounds: [Round; 4] = [
        (
            &[(8, 9), (5, 12), (7, 10), (6, 11)],
            &[
                (8, &[true, true]),
                (12, &[false, true, true]),
                (7, &[true, false, true]),
                (6, &[true, true]),
            ],
        ),
        (
            &[(1, 8), (4, 12), (2, 7), (3, 6)],
            &[
                (1, &[true, true]),
                (12, &[true, true]),
                (2, &[false, true, true]),
                (6, &[true, true]),
            ],
        ),
        (
            &[(1, 12), (2, 6)],
            &[(12, &[true, true]), (2, &[true, false, true])],
        ),
        (
            &[(2, 12), (1, 6)],
            &[(2, &[true, true]), (6, &[false, true, true])],
        ),
    ];
    for (n, (expected, results)) in (1..).zip(rounds) {
        let paired = pair_and_publish(s, t, n).await?;
        if paired != pairs(expected) {
            return Err(format!("round {n} is paired {paired:?}"));
        }
        // The final and the third-place match are followed on the knockout's projector view:
        // its bracket, on a page of its own, fits 1920×1080 and takes the results as they come.
        if n == 4 {
            bracket_on_the_wall(s, t).await?;
        }
        for (b, &(winner, pattern)) in (1..).zip(results) {
            games.play((t, n, b), seed(winner), pattern).await;
        }
        if n == 4 {
            s.wait_for_script(
                "var b = document.getElementById('live-bracket-page'); return b ? b.textContent : '';",
                "wins the tournament",
            )
            .await?;
            s.same_document("the projector view reloaded to show the final's result")
                .await?;
            s.devtools("Emulation.clearDeviceMetricsOverride", json!({}))
                .await?;
        }
        s.goto(&format!("/tournaments/{t}/bracket")).await?;
        s.expect_text("main", "goes through").await?;
    }
    // The knockout is over: the rounds page offers no round 5.
    s.goto(&format!("/tournaments/{t}/rounds")).await?;
    s.expect_text("main", "All 4 rounds are paired and published")
        .await?;
    // Places worked out by hand: the final, the third-place match, then the round each went
    // out in, sharing (round 2's losers 5th, round 1's 9th).
    s.goto(&format!("/tournaments/{t}/bracket")).await?;
    let places = table(s, "#places").await?;
    let mut wanted: Vec<(String, String)> = [(1, 2), (2, 12), (3, 6), (4, 1)]
        .iter()
        .map(|&(place, i)| (place.to_string(), name(i)))
        .collect();
    for (place, seeds) in [("5=", [3, 4, 7, 8]), ("9=", [5, 9, 10, 11])] {
        let mut shared: Vec<String> = seeds.iter().map(|&i| name(i)).collect();
        shared.sort();
        wanted.extend(shared.into_iter().map(|n| (place.to_string(), n)));
    }
    let got: Vec<(String, String)> = places
        .into_iter()
        .map(|r| (r[0].clone(), r[1].clone()))
        .collect();
    if got != wanted {
        return Err(format!("the bracket's places: {got:?}"));
    }
    s.fits_a4(&["Standings"]).await?;
    s.goto(&format!("/tournaments/{t}/standings")).await?;
    let first = s.text("#standings tbody tr:first-child").await?;
    if !first.starts_with('1') || !first.contains(&name(2)) {
        return Err(format!("the standings' first row: {first}"));
    }
    Ok(())
}

/// The knockout `t`'s projector view on a 1920×1080 screen, until its bracket's page is shown:
/// the semi-finals' winners through to the final, the page within the screen, no site chrome.
async fn bracket_on_the_wall(s: &Session, t: i64) -> Step<()> {
    s.devtools(
        "Emulation.setDeviceMetricsOverride",
        json!({"width": 1920, "height": 1080, "deviceScaleFactor": 1, "mobile": false}),
    )
    .await?;
    s.goto(&format!("/tournaments/{t}/live?every=1")).await?;
    let since = std::time::Instant::now();
    loop {
        let shown = s
            .browser
            .execute(
                "var b = document.getElementById('live-bracket-page');
                 var d = document.documentElement;
                 return [b && !b.hidden, d.scrollHeight <= window.innerHeight,
                         d.scrollWidth <= window.innerWidth, b ? b.textContent : ''];",
                vec![],
            )
            .await
            .map_err(fail("read the projector view"))?;
        if shown[0] == json!(true) {
            if shown[1] != json!(true) || shown[2] != json!(true) {
                return Err(format!(
                    "the bracket's page does not fit the screen: {shown}"
                ));
            }
            let text = shown[3].as_str().unwrap_or_default();
            if let Some(dir) = std::env::var_os("OWARE_SCREENSHOTS")
                && let Ok(png) = s.browser.screenshot().await
            {
                let _ = std::fs::write(
                    std::path::Path::new(&dir).join("projector-bracket.png"),
                    png,
                );
            }
            for wanted in ["Final", "Third place", "Semi-finals", "goes through"] {
                if !text.contains(wanted) {
                    return Err(format!("the wall's bracket lacks {wanted:?}: {text}"));
                }
            }
            break;
        }
        if since.elapsed() > super::PATIENCE {
            return Err("the projector view never showed the bracket".to_string());
        }
        super::tokio_sleep(100).await;
    }
    s.mark_document().await
}

/// Both players of round 1's board 1 of the Swiss of two-game matches sign in on the phone:
/// the first screen of each names game 1, the side they play in it and who starts, and the
/// match's plan; then the controller signs in again.
async fn first_screens_of_board_one(
    s: &Session,
    organiser: &Client,
    t: i64,
    pin: &HashMap<i64, String>,
) -> Step<()> {
    let first = &board(&round(organiser, t, 1).await, 1)[0];
    let name = |side: &str| first[side]["name"].as_str().unwrap_or_default().to_string();
    let id = |side: &str| first[side]["id"].as_i64().unwrap_or_default();
    s.sign_out().await?;
    for (side, starts, plan) in [
        (
            "south",
            "you start",
            "game 1: you play South and start; game 2: you play North",
        ),
        (
            "north",
            "starts",
            "game 1: you play North; game 2: you play South and start",
        ),
    ] {
        s.player_sign_in(&t.to_string(), &name(side), &pin[&id(side)])
            .await?;
        s.goto(&format!("/tournaments/{t}/me")).await?;
        let other = if side == "south" { "north" } else { "south" };
        let wanted = if side == "south" {
            format!("You play South against {}: {starts}.", name(other))
        } else {
            format!(
                "You play North against {}: {} {starts}.",
                name(other),
                name(other)
            )
        };
        let shown = s.expect_text("#my-board", &wanted).await?;
        if !shown.contains("This is game 1 of 2") && !shown.contains("game 1 of 2") {
            return Err(format!("{side}'s first screen: {shown}"));
        }
        s.expect_text("#my-match-plan", plan).await?;
        let link = s
            .find("#my-board a.button")
            .await?
            .attr("href")
            .await
            .map_err(fail("the sheet's link"))?
            .unwrap_or_default();
        if link != format!("/games/{}", first["id"]) {
            return Err(format!("{side}'s first screen leads to {link}, not game 1"));
        }
        s.sign_out().await?;
    }
    s.sign_in("admin", ADMIN_PASSWORD).await
}

/// The players of tournament `t` by name: their ids.
async fn ids_by_name(organiser: &Client, t: i64) -> HashMap<String, i64> {
    let listed = organiser
        .get(&format!("/api/tournaments/{t}/players"))
        .await
        .json();
    listed
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["name"].as_str().unwrap().to_string(),
                p["id"].as_i64().unwrap(),
            )
        })
        .collect()
}

/// A match's winner (by seed) and, game by game, whether they win it.
type Won = (usize, &'static [bool]);

/// A round's pairs (by seed, board by board) and its matches' results.
type Round = (&'static [(usize, usize)], &'static [Won]);

/// The PIN slips on the page: (name, PIN).
async fn table_of_slips(s: &Session) -> Step<Vec<(String, String)>> {
    let slips = s
        .browser
        .execute(
            "return Array.from(document.querySelectorAll('.slip')).map(function (s) {
               return [s.querySelector('.slip-name').textContent.trim(),
                       s.querySelector('.pin').textContent.trim()];
             });",
            vec![],
        )
        .await
        .map_err(fail("read the PIN slips"))?;
    serde_json::from_value(slips).map_err(fail("the PIN slips"))
}

/// A Swiss of two-game matches among 20 (P0 to P19) over three rounds, paired in the browser,
/// its match points kept by hand and read on the standings page; its top 4 confirmed on the
/// qualify page into the knockout `ko`, whose semi-finals and final are paired in the browser.
async fn swiss_into_a_knockout(
    s: &Session,
    app: &TestApp,
    organiser: &Client,
    (t, ko): (i64, i64),
    players: &[(i64, String)],
) -> Step<()> {
    let number: HashMap<i64, usize> = players.iter().enumerate().map(|(i, p)| (p.0, i)).collect();
    let games = Games {
        app,
        organiser,
        pin: players.iter().cloned().collect(),
        wins: by_winner(),
    };
    let mut points: HashMap<String, f64> = HashMap::new();
    let mut fixture = 0;
    for n in 1..=3 {
        let paired = pair_and_publish(s, t, n).await?;
        if paired.len() != 10 {
            return Err(format!("round {n} has {} boards", paired.len()));
        }
        if n == 1 {
            first_screens_of_board_one(s, organiser, t, &games.pin).await?;
        }
        for b in 1..=10 {
            // The lower number wins game 1; game 2 is drawn on every third board, won by the
            // higher number otherwise.
            let mut score: HashMap<i64, f64> = HashMap::new();
            for game in 0..2 {
                let g = &board(&round(organiser, t, n).await, b)[game];
                let (south, north) = (south_of(g), g["north"]["id"].as_i64().unwrap());
                let low = if number[&south] < number[&north] {
                    south
                } else {
                    north
                };
                let kind = match (game, b % 3 == 0) {
                    (0, _) if low == south => "south",
                    (0, _) => "north",
                    (_, true) => "draw",
                    (_, false) if low == south => "north",
                    (_, false) => "south",
                };
                let list = &games.wins[kind];
                let f = &list[fixture % list.len()];
                fixture += 1;
                sent_and_confirmed(
                    app,
                    g["id"].as_i64().unwrap(),
                    sheet(f),
                    (&games.pin[&south], &games.pin[&north]),
                )
                .await;
                let (ps, pn) = match kind {
                    "south" => (1.0, 0.0),
                    "north" => (0.0, 1.0),
                    _ => (0.5, 0.5),
                };
                *score.entry(south).or_insert(0.0) += ps;
                *score.entry(north).or_insert(0.0) += pn;
            }
            let (&a, &b) = {
                let mut ids = score.keys();
                (ids.next().unwrap(), ids.next().unwrap())
            };
            let name = |id: i64| format!("P{}", number[&id]);
            let (pa, pb) = match score[&a].total_cmp(&score[&b]) {
                std::cmp::Ordering::Greater => (1.0, 0.0),
                std::cmp::Ordering::Less => (0.0, 1.0),
                std::cmp::Ordering::Equal => (0.5, 0.5),
            };
            *points.entry(name(a)).or_insert(0.0) += pa;
            *points.entry(name(b)).or_insert(0.0) += pb;
        }
    }
    // The standings page: every player's match points as kept here.
    s.goto(&format!("/tournaments/{t}/standings")).await?;
    let rows = table(s, "#standings").await?;
    if rows.len() != 20 {
        return Err(format!("{} rows in the standings", rows.len()));
    }
    let mut order = Vec::new();
    for row in &rows {
        let (name, shown) = (row[1].clone(), as_points(&row[3]));
        if points.get(&name) != Some(&shown) {
            return Err(format!("{name} has {shown} points on the page: {row:?}"));
        }
        order.push((name, shown));
    }
    // The top 4 by points, on the qualify page (a tie at the cut drawn by lots).
    let fourth = order[3].1;
    let sure: HashSet<&String> = order
        .iter()
        .filter(|p| p.1 > fourth)
        .map(|p| &p.0)
        .collect();
    let tied: HashSet<&String> = order
        .iter()
        .filter(|p| p.1 == fourth)
        .map(|p| &p.0)
        .collect();
    s.goto(&format!("/tournaments/{ko}/qualify?from={t}&top=4"))
        .await?;
    s.click_through("form[method=post][action$='/qualify'] button[type=submit]")
        .await?;
    s.expect_text("main", "qualified from").await?;
    // The players page lists them by pairing number: their seeds, in the order they qualified.
    let qualified: Vec<String> = table(s, "#players")
        .await?
        .into_iter()
        .map(|r| r[1].clone())
        .collect();
    if qualified.len() != 4
        || !sure.iter().all(|p| qualified.contains(p))
        || !qualified
            .iter()
            .all(|p| sure.contains(p) || tied.contains(p))
    {
        return Err(format!(
            "qualified {qualified:?} from {order:?} (sure {sure:?})"
        ));
    }
    // Qualifiers keep their PINs.
    let pin_by_name: HashMap<String, String> = players
        .iter()
        .enumerate()
        .map(|(i, p)| (format!("P{i}"), p.1.clone()))
        .collect();
    let id_of = ids_by_name(organiser, ko).await;
    let games = Games {
        pin: id_of
            .iter()
            .map(|(name, &id)| (id, pin_by_name[name].clone()))
            .collect(),
        ..games
    };
    let seed = |i: usize| id_of[&qualified[i - 1]];
    let want = |list: &[(usize, usize)]| -> Vec<(String, String)> {
        list.iter()
            .map(|&(a, b)| (qualified[a - 1].clone(), qualified[b - 1].clone()))
            .collect()
    };
    // The semi-finals, 1-4 and 2-3 (the better seed South in game 1): the better seeds win 2-0.
    let semis = pair_and_publish(s, ko, 1).await?;
    if semis != want(&[(1, 4), (2, 3)]) {
        return Err(format!("the semi-finals: {semis:?}"));
    }
    games.play((ko, 1, 1), seed(1), &[true, true]).await;
    games.play((ko, 1, 2), seed(2), &[true, true]).await;
    // The final: 1-1 after its two games, so a deciding game, which seed 2 wins.
    let last = pair_and_publish(s, ko, 2).await?;
    if last != want(&[(1, 2)]) {
        return Err(format!("the final: {last:?}"));
    }
    games.play((ko, 2, 1), seed(2), &[true, false, true]).await;
    s.goto(&format!("/tournaments/{ko}/rounds/2")).await?;
    s.expect_text("#pairings", "deciding game 1").await?;
    s.goto(&format!("/tournaments/{ko}/bracket")).await?;
    let places: Vec<(String, String)> = table(s, "#places")
        .await?
        .into_iter()
        .map(|r| (r[0].clone(), r[1].clone()))
        .collect();
    let mut losers = [qualified[2].clone(), qualified[3].clone()];
    losers.sort();
    let wanted = vec![
        ("1".to_string(), qualified[1].clone()),
        ("2".to_string(), qualified[0].clone()),
        ("3=".to_string(), losers[0].clone()),
        ("3=".to_string(), losers[1].clone()),
    ];
    if places != wanted {
        return Err(format!("the final four's places: {places:?}"));
    }
    Ok(())
}
