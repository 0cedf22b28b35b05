//! A season's circuit on a hub: set up from the organiser's form, its standings computed from
//! the counting tournaments' own standings and checked against a computation of their own here,
//! recomputed after a ruling, provisional while an event runs, a declined place passed on, the
//! files recomputed by the `circuit` command byte for byte, and bad rules refused with nothing
//! changed.

use std::collections::HashMap;

use awc::http::StatusCode;
use serde_json::{Value, json};

use crate::helpers::*;
use crate::publishing::{push, token};
use crate::ratings::{command, event_on, link, person, waiting};

/// The register: name, birth year, gender.
const PERSONS: [(&str, i64, &str); 5] = [
    ("Kofi Asante", 1990, "male"),
    ("Ama Serwaa", 2014, "female"),
    ("Yaw Darko", 1985, "male"),
    ("Esi Nyarko", 1995, "female"),
    ("Kwesi Appiah", 1970, "male"),
];

/// The table the form gives: 10 6 4 3 for the 1st to the 4th.
const TABLE: [f64; 4] = [10.0, 6.0, 4.0, 3.0];

/// The points each person's results earn, computed here from the tournaments' standings: a
/// shared place takes the average of its places' points (down to the hundredth), times the
/// event's coefficient; each person's best one counts.
async fn expected(client: &Client, events: &[(i64, f64)]) -> HashMap<String, f64> {
    let mut best: HashMap<String, f64> = HashMap::new();
    for (t, coefficient) in events {
        let v = standings_json(client, *t, None).await;
        let rows = v["standings"].as_array().unwrap();
        for s in rows {
            let rank = s["rank"].as_i64().unwrap() as usize;
            let sharing = rows
                .iter()
                .filter(|o| o["rank"].as_i64().unwrap() as usize == rank)
                .count();
            let sum: f64 = (rank..rank + sharing)
                .map(|p| TABLE.get(p - 1).copied().unwrap_or(0.0))
                .sum();
            let points = (sum * 100.0 / sharing as f64).floor() / 100.0 * coefficient;
            let name = s["name"].as_str().unwrap().to_string();
            let held = best.entry(name).or_insert(0.0);
            *held = held.max(points);
        }
    }
    best
}

/// The circuit's totals by name, from its API.
async fn totals(client: &Client, id: i64) -> HashMap<String, f64> {
    let v = client.get(&format!("/api/circuits/{id}")).await.json();
    v["standings"]["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["name"].as_str().unwrap().to_string(),
                r["total"].as_str().unwrap().parse().unwrap(),
            )
        })
        .collect()
}

fn qualified(v: &Value) -> Vec<(String, String)> {
    v["qualification"]["qualified"]
        .as_array()
        .unwrap()
        .iter()
        .map(|q| {
            (
                q["name"].as_str().unwrap().to_string(),
                q["by"]["rule"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

#[actix_web::test]
async fn a_circuit_counts_the_best_results_of_its_events_and_qualifies_its_final() {
    let hub = spawn_app().await;
    let staff = hub.organiser().await;
    let mut ids = HashMap::new();
    for (name, born, gender) in PERSONS {
        let details = json!({"name": name, "birth_year": born, "gender": gender,
                             "federation": "GHA"});
        ids.insert(name, person(&staff, details).await);
    }
    let entry = |names: &[&'static str]| -> Vec<(&'static str, Option<i64>)> {
        names.iter().map(|n| (*n, Some(ids[n]))).collect()
    };
    let dates = |d: &str| json!({"start_date": d, "end_date": d});
    let names = [PERSONS[0].0, PERSONS[1].0, PERSONS[2].0, PERSONS[3].0];
    let (t1, _) = event_on(&hub, &entry(&names), None, 3, dates("2027-02-06")).await;
    let names = [PERSONS[0].0, PERSONS[1].0, PERSONS[2].0, PERSONS[4].0];
    let (t2, _) = event_on(&hub, &entry(&names), None, 11, dates("2027-03-06")).await;

    // The organiser's form: the two events, the second ×2, best 1 of them; the first under
    // 14 qualifies, and one place is kept for a woman.
    let csrf = staff.csrf("/circuits/new").await;
    let (c1, c2) = (format!("count_{t1}"), format!("count_{t2}"));
    let (k1, k2) = (format!("coef_{t1}"), format!("coef_{t2}"));
    let mut form = vec![
        ("csrf", csrf.as_str()),
        ("name", "Accra Grand Prix 2027"),
        ("start", "2027-01-01"),
        ("end", "2027-11-30"),
        ("best", "1"),
        ("lots_seed", "2027"),
        (c1.as_str(), "on"),
        (k1.as_str(), "1"),
        (c2.as_str(), "on"),
        (k2.as_str(), "2"),
        ("kind", "by-place"),
        ("places", "10 6 4 3"),
        ("cat_code_0", "U14"),
        ("cat_name_0", "Under 14"),
        ("cat_rule_0", "under"),
        ("cat_value_0", "14"),
        ("cat_places_0", "1"),
        ("cat_code_1", "W"),
        ("cat_name_1", "Women"),
        ("cat_rule_1", "women"),
        ("cat_reserved_1", "1"),
        ("top", "1"),
        ("min_events", "1"),
    ];
    // A coefficient that is not a number: the form again, saying so, and no circuit.
    form[9].1 = "two";
    let r = staff.post_form("/circuits/new", &form).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    assert!(
        r.body
            .contains("a coefficient: &#34;two&#34; is not a number"),
        "{}",
        r.body
    );
    assert_eq!(hub.count("circuits"), 0);
    form[9].1 = "2";
    let r = staff.post_form("/circuits/new", &form).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    let id: i64 = location(&r).rsplit('/').next().unwrap().parse().unwrap();

    // The totals equal those computed here from the tournaments' own standings.
    let events = [(t1, 1.0), (t2, 2.0)];
    assert_eq!(totals(&staff, id).await, expected(&staff, &events).await);
    let v = staff.get(&format!("/api/circuits/{id}")).await.json();
    assert_eq!(v["standings"]["provisional"], json!(false));
    let rows = v["standings"]["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 5);
    // Everyone who played both has one result dropped.
    for r in rows {
        let results = r["results"].as_array().unwrap();
        let counted = results
            .iter()
            .filter(|x| x["counted"] == json!(true))
            .count();
        assert_eq!(counted, 1, "{r}");
    }
    // The first overall; the first under 14 (Ama, the only one), whether or not she is
    // first; the place kept for women goes to the best woman not qualified otherwise.
    let name = |r: &Value| r["name"].as_str().unwrap().to_string();
    let mut want = vec![name(&rows[0])];
    if !want.contains(&"Ama Serwaa".to_string()) {
        want.push("Ama Serwaa".into());
    }
    if let Some(woman) = rows
        .iter()
        .map(name)
        .find(|n| (n == "Ama Serwaa" || n == "Esi Nyarko") && !want.contains(n))
    {
        want.push(woman);
    }
    let mut got: Vec<String> = qualified(&v).into_iter().map(|(n, _)| n).collect();
    got.sort();
    want.sort();
    assert_eq!(got, want, "{v}");

    // Anyone reads the page, a person's card (the dropped result marked), both languages.
    let anyone = hub.client();
    let page = anyone.get(&format!("/circuits/{id}")).await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.body.contains("Accra Grand Prix 2027"));
    let kofi = ids["Kofi Asante"];
    let card = anyone.get(&format!("/circuits/{id}/persons/{kofi}")).await;
    assert_eq!(card.status, StatusCode::OK);
    assert!(card.body.contains("class=\"dropped\""), "{}", card.body);
    let fr = anyone.get_in("fr", &format!("/circuits/{id}")).await;
    assert!(
        fr.body.contains("Qualification pour la finale"),
        "{}",
        fr.body
    );
    let print = anyone.get(&format!("/circuits/{id}/print")).await;
    assert_eq!(print.status, StatusCode::OK);
    assert!(!print.body.contains("name=\"csrf\""));

    // The files recompute byte for byte with the command.
    let dir = tempfile::tempdir().unwrap();
    let mut files = HashMap::new();
    for name in [
        "rules.json",
        "circuit.csv",
        "standings.csv",
        "points.csv",
        "qualified.csv",
    ] {
        let r = anyone.get(&format!("/circuits/{id}/{name}")).await;
        assert_eq!(r.status, StatusCode::OK, "{name}: {}", r.body);
        std::fs::write(dir.path().join(name), &r.body).unwrap();
        files.insert(name, r.body);
    }
    let out = dir.path().join("again");
    command(&[
        "circuit".as_ref(),
        dir.path().join("rules.json").as_os_str(),
        dir.path().join("circuit.csv").as_os_str(),
        out.as_os_str(),
    ]);
    for name in ["standings.csv", "points.csv", "qualified.csv"] {
        assert_eq!(
            std::fs::read_to_string(out.join(name)).unwrap(),
            files[name],
            "{name}"
        );
    }

    // The static site: every page and file, links relative and to a file of the site, the
    // files equal to those the hub serves.
    let site = dir.path().join("site");
    export_circuit(&hub, id, &site, "fr");
    let written = crate::site::files(&site);
    for file in [
        "index.html".to_string(),
        "categories/U14.html".to_string(),
        "categories/W.html".to_string(),
        format!("persons/{kofi}.html"),
        "style.css".to_string(),
    ] {
        assert!(written.contains(&file), "{file} not in {written:?}");
    }
    for (name, served) in &files {
        assert_eq!(
            &std::fs::read_to_string(site.join(name)).unwrap(),
            served,
            "{name}"
        );
    }
    for page in written.iter().filter(|f| f.ends_with(".html")) {
        let html = std::fs::read_to_string(site.join(page)).unwrap();
        let folder = site.join(page).parent().unwrap().to_path_buf();
        for link in crate::site::links(&html) {
            let target = link.split('#').next().unwrap();
            if target.is_empty() {
                continue;
            }
            assert!(
                !link.starts_with('/') && !link.contains("://"),
                "{page}: {link}"
            );
            assert!(folder.join(target).exists(), "{page}: {link} leads nowhere");
        }
    }
    let card = std::fs::read_to_string(site.join(format!("persons/{kofi}.html"))).unwrap();
    assert!(card.contains("class=\"dropped\""), "{card}");
    let index = std::fs::read_to_string(site.join("index.html")).unwrap();
    assert!(index.contains("Qualification pour la finale"), "{index}");

    // A ruling in a counting event: the circuit follows at once.
    let game = staff
        .get(&format!("/api/tournaments/{t1}/rounds/1"))
        .await
        .json();
    let g = game["games"].as_array().unwrap()[0]["id"].as_i64().unwrap();
    let r = staff
        .put_json(
            &format!("/api/games/{g}/result"),
            &json!({"kind": "forfeit-north", "reason": "North's sheet was never signed"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(totals(&staff, id).await, expected(&staff, &events).await);

    // A third event, not played yet: the circuit is provisional.
    let t3 = create_tournament(&staff, "Kumasi Open").await;
    add_player(&staff, t3, "Kofi Asante").await;
    let mut rules: Value = serde_json::from_str(&files["rules.json"]).unwrap();
    rules["events"]
        .as_array_mut()
        .unwrap()
        .push(json!({"tournament_id": t3}));
    let r = staff.put_json(&format!("/api/circuits/{id}"), &rules).await;
    assert_eq!(r.status, StatusCode::NO_CONTENT, "{}", r.body);
    let v = staff.get(&format!("/api/circuits/{id}")).await.json();
    assert_eq!(v["standings"]["provisional"], json!(true));
    assert!(
        anyone
            .get(&format!("/circuits/{id}"))
            .await
            .body
            .contains("id=\"provisional\"")
    );

    // The first qualified declines: the next takes the place, the audit log keeps it.
    let first = v["qualification"]["qualified"][0]["person_id"]
        .as_i64()
        .unwrap();
    let next = v["qualification"]["next"][0][0].as_i64().unwrap();
    let r = staff
        .post_json(
            &format!("/api/circuits/{id}/declined"),
            &json!({"person_id": first, "on": "2027-11-20"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let after = staff.get(&format!("/api/circuits/{id}")).await.json();
    let now: Vec<i64> = after["qualification"]["qualified"]
        .as_array()
        .unwrap()
        .iter()
        .map(|q| q["person_id"].as_i64().unwrap())
        .collect();
    assert!(!now.contains(&first) && now.contains(&next), "{after}");
    assert_eq!(
        after["qualification"]["declined"][0]["person_id"],
        json!(first)
    );
    let audit = staff.get("/api/audit?limit=20").await;
    assert!(audit.body.contains("circuit.decline"), "{}", audit.body);
    // Twice is refused, and taking it back gives the place again.
    let again = json!({"person_id": first, "on": "2027-11-20"});
    let r = staff
        .post_json(&format!("/api/circuits/{id}/declined"), &again)
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.body);
    let back = json!({"person_id": first, "on": "2027-11-21", "declined": false});
    let r = staff
        .post_json(&format!("/api/circuits/{id}/declined"), &back)
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let v = staff.get(&format!("/api/circuits/{id}")).await.json();
    assert_eq!(
        v["qualification"]["qualified"][0]["person_id"],
        json!(first)
    );
}

#[actix_web::test]
async fn rules_that_do_not_hold_and_those_who_may_not_set_them_change_nothing() {
    let hub = spawn_app().await;
    let staff = hub.organiser().await;
    let t = create_tournament(&staff, "Club night").await;
    let good = json!({
        "name": "League", "season": {"start": "2027-01-01", "end": "2027-06-30"},
        "events": [{"tournament_id": t}],
        "points": {"kind": "players-beaten", "per_player": 1}
    });
    let mut cases = Vec::new();
    let mut no_tournament = good.clone();
    no_tournament["events"] = json!([{"tournament_id": 999}]);
    cases.push((
        no_tournament,
        StatusCode::UNPROCESSABLE_ENTITY,
        "not on this server",
    ));
    let mut backwards = good.clone();
    backwards["season"]["end"] = json!("2026-06-30");
    cases.push((
        backwards,
        StatusCode::UNPROCESSABLE_ENTITY,
        "ends before it starts",
    ));
    let mut precise = good.clone();
    precise["events"][0]["coefficient"] = json!(1.125);
    cases.push((precise, StatusCode::BAD_REQUEST, ""));
    let mut unknown = good.clone();
    unknown["qualification"] = json!({"top": 2, "reserved": {"ASH": 1}});
    cases.push((unknown, StatusCode::UNPROCESSABLE_ENTITY, "ASH"));
    for (rules, status, words) in cases {
        let r = staff.post_json("/api/circuits", &rules).await;
        assert_eq!(r.status, status, "{rules}: {}", r.body);
        assert!(r.body.contains(words), "{}", r.body);
    }
    assert_eq!(hub.count("circuits"), 0);
    // A controller, and anyone, may not set one up.
    let controller = hub.controller(&staff, "arbiter").await;
    let r = controller.post_json("/api/circuits", &good).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    let r = hub.client().post_json("/api/circuits", &good).await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
    assert_eq!(hub.count("circuits"), 0);
    let r = staff.post_json("/api/circuits", &good).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let id = r.json()["id"].as_i64().unwrap();
    let r = controller
        .post_json(
            &format!("/api/circuits/{id}/declined"),
            &json!({"person_id": 1, "on": "2027-06-01"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN);
    // Pages of no circuit, no file and no category are 404s.
    for path in [
        "/circuits/999".to_string(),
        format!("/circuits/{id}/list.csv"),
        format!("/circuits/{id}?category=U14"),
        format!("/circuits/{id}/persons/5"),
    ] {
        assert_eq!(
            hub.client().get(&path).await.status,
            StatusCode::NOT_FOUND,
            "{path}"
        );
    }
}

/// The persons of a circuit's qualification, by seed.
fn seeded(v: &Value) -> Vec<i64> {
    v["qualification"]["qualified"]
        .as_array()
        .unwrap()
        .iter()
        .map(|q| q["person_id"].as_i64().unwrap())
        .collect()
}

/// A final's players as (register number, withdrawn), in pairing order.
async fn final_field(staff: &Client, t: i64) -> Vec<(i64, bool)> {
    let v = staff
        .get(&format!("/api/tournaments/{t}/players"))
        .await
        .json();
    let players = v.as_array().or(v["players"].as_array()).unwrap().clone();
    players
        .iter()
        .map(|p| {
            (
                p["register_id"].as_i64().unwrap_or(0),
                p["withdrawn"].as_bool().unwrap(),
            )
        })
        .collect()
}

#[actix_web::test]
async fn a_late_push_that_moves_the_qualification_is_logged_and_the_final_follows_declines() {
    let hub = spawn_app().await;
    let staff = hub.organiser().await;
    let venue = spawn_app().await;
    let names = [PERSONS[0].0, PERSONS[1].0, PERSONS[2].0, PERSONS[3].0];
    let players: Vec<(&str, Option<i64>)> = names.iter().map(|n| (*n, None)).collect();
    let dates = json!({"start_date": "2027-02-06", "end_date": "2027-02-06"});
    let (vt, file) = event_on(&venue, &players, None, 5, dates).await;
    let secret = token(&staff, "Kumasi club").await;
    let r = push(&hub, &secret, &json!({"version": 1, "file": file})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let t = r.json()["tournament"].as_i64().unwrap();
    let mut persons = HashMap::new();
    for ((name, player), (_, born, gender)) in waiting(&hub, t).into_iter().zip(PERSONS) {
        let p = person(
            &staff,
            json!({"name": name, "birth_year": born, "gender": gender}),
        )
        .await;
        link(&staff, player, p).await;
        persons.insert(p, name);
    }
    let rules = json!({
        "name": "Ashanti League", "season": {"start": "2027-01-01", "end": "2027-12-31"},
        "events": [{"tournament_id": t}],
        "points": {"kind": "by-place", "tables": [{"from_field": 1, "points": [10, 6, 4, 3]}]},
        "qualification": {"top": 2}, "lots_seed": 7
    });
    let r = staff.post_json("/api/circuits", &rules).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let id = r.json()["id"].as_i64().unwrap();
    let v = staff.get(&format!("/api/circuits/{id}")).await.json();
    let before = seeded(&v);
    assert_eq!(before.len(), 2, "{v}");

    // At the venue the first qualified loses every game on a ruling; the late push of the
    // corrected file moves the qualification: the hub's log says who left and who entered.
    let first = before[0];
    let first_name = persons[&first].as_str();
    let vstaff = venue.organiser().await;
    for round in 1..=3 {
        let games = vstaff
            .get(&format!("/api/tournaments/{vt}/rounds/{round}"))
            .await
            .json();
        for g in games["games"].as_array().unwrap() {
            let side = ["north", "south"]
                .into_iter()
                .find(|s| g[*s]["name"].as_str() == Some(first_name));
            let Some(side) = side else { continue };
            let r = vstaff
                .put_json(
                    &format!("/api/games/{}/result", g["id"]),
                    &json!({"kind": format!("forfeit-{side}"), "reason": "left without signing"}),
                )
                .await;
            assert_eq!(r.status, StatusCode::OK, "{}", r.body);
        }
    }
    let file = vstaff
        .get(&format!("/tournaments/{vt}/export.json"))
        .await
        .json();
    let r = push(&hub, &secret, &json!({"version": 2, "file": file})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.json()["taken"], json!(true), "{}", r.body);
    // The hub follows the push by itself, whether or not anyone reads the circuit.
    let mut entry = Value::Null;
    for _ in 0..400 {
        let audit = staff.get("/api/audit?limit=50").await.json();
        let entries = audit
            .as_array()
            .or(audit["entries"].as_array())
            .unwrap()
            .clone();
        if let Some(e) = entries
            .into_iter()
            .find(|e| e["action"] == json!("circuit.qualification"))
        {
            entry = e;
            break;
        }
        actix_web::rt::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert!(
        !entry.is_null(),
        "no entry for the qualification moved by the push"
    );
    let text = entry.to_string();
    assert!(text.contains(first_name), "{text}");
    let v = staff.get(&format!("/api/circuits/{id}")).await.json();
    let now = seeded(&v);
    assert!(!now.contains(&first), "{v}");
    let page = hub.client().get(&format!("/circuits/{id}")).await;
    assert!(page.body.contains("id=\"list-since\""), "{}", page.body);
    // Reading it again logs nothing more.
    let count = |body: &str| body.matches("circuit.qualification").count();
    let audit = staff.get("/api/audit?limit=50").await.body;
    let _ = staff.get(&format!("/api/circuits/{id}")).await;
    assert_eq!(
        count(&staff.get("/api/audit?limit=50").await.body),
        count(&audit)
    );

    // The final: not a counting tournament, nor one a venue pushes; then a new tournament
    // takes the qualified seeded by circuit rank, each as their person.
    let r = staff
        .post_json(
            &format!("/api/circuits/{id}/final"),
            &json!({"tournament": t}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.body);
    let fin = create_tournament(&staff, "Ashanti League final").await;
    let r = staff
        .post_json(
            &format!("/api/circuits/{id}/final"),
            &json!({"tournament": fin}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let changes = r.json();
    assert_eq!(changes["slips"].as_array().unwrap().len(), 2, "{changes}");
    let field = final_field(&staff, fin).await;
    assert_eq!(field, vec![(now[0], false), (now[1], false)]);

    // The first seed declines: withdrawn from the final, the next in line entered, the order
    // following the seeds again.
    let next = v["qualification"]["next"][0][0].as_i64().unwrap();
    let r = staff
        .post_json(
            &format!("/api/circuits/{id}/declined"),
            &json!({"person_id": now[0], "on": "2027-12-01"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let changes = r.json();
    assert_eq!(changes["withdrawn"], json!([persons[&now[0]]]), "{changes}");
    assert_eq!(
        changes["slips"][0]["name"],
        json!(persons[&next]),
        "{changes}"
    );
    let after = staff.get(&format!("/api/circuits/{id}")).await.json();
    let seeds = seeded(&after);
    let field = final_field(&staff, fin).await;
    assert_eq!(
        field,
        vec![(seeds[0], false), (seeds[1], false), (now[0], true)],
        "{after}"
    );
    // Taken back: reinstated, and the replacement withdrawn again.
    let r = staff
        .post_json(
            &format!("/api/circuits/{id}/declined"),
            &json!({"person_id": now[0], "on": "2027-12-02", "declined": false}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let field = final_field(&staff, fin).await;
    assert_eq!(field, vec![(now[0], false), (now[1], false), (next, true)]);

    // Once the final's first round is paired, a decline leaves its players to the controller.
    crate::sheets::generated_and_published(&staff, fin, 1).await;
    let r = staff
        .post_json(
            &format!("/api/circuits/{id}/declined"),
            &json!({"person_id": now[1], "on": "2027-12-03"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.json()["started"], json!(true));
    assert_eq!(
        final_field(&staff, fin).await,
        vec![(now[0], false), (now[1], false), (next, true)]
    );
}

/// `oware-tournament export-circuit` of circuit `id` on `hub` into `site`, in `lang`.
pub(crate) fn export_circuit(hub: &TestApp, id: i64, site: &std::path::Path, lang: &str) {
    let id = id.to_string();
    command(&[
        "export-circuit".as_ref(),
        id.as_ref(),
        site.as_os_str(),
        "--lang".as_ref(),
        lang.as_ref(),
        "--database".as_ref(),
        hub.db_path.as_os_str(),
    ]);
}

/// A venue's 9-round tournament of `names`, each a person of the hub's register, published to
/// the hub, and a circuit there counting it ×1.5: the venue's tournament, the circuit, and the
/// circuits the venue holds once it has fetched it.
pub(crate) async fn venue_counted(
    hub: &TestApp,
    venue: &TestApp,
    names: &[&str],
) -> (i64, i64, Value) {
    let staff = hub.organiser().await;
    let vstaff = venue.organiser().await;
    let mut ids = HashMap::new();
    for name in names {
        ids.insert(name, person(&staff, json!({"name": name})).await);
    }
    let players: Vec<(&str, Option<i64>)> = names.iter().map(|n| (*n, Some(ids[n]))).collect();
    let dates = json!({"start_date": "2027-03-06", "end_date": "2027-03-06"});
    let (t, _) = event_on(venue, &players, None, 9, dates).await;
    let secret = token(&staff, "Takoradi club").await;
    let page = vstaff.get(&format!("/tournaments/{t}/publish")).await;
    let r = vstaff
        .post_form(
            &format!("/tournaments/{t}/publish"),
            &[
                ("csrf", &csrf_in(&page.body)),
                ("hub", &hub.address),
                ("token", &secret),
            ],
        )
        .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    let state = crate::publishing::publishing_when(&vstaff, t, crate::publishing::up_to_date).await;
    let on_hub = state["hub_tournament"].as_i64().unwrap();
    let rules = json!({
        "name": "Western Region Cup", "season": {"start": "2027-01-01", "end": "2027-12-31"},
        "events": [{"tournament_id": on_hub, "coefficient": 1.5}],
        "points": {"kind": "by-place", "tables": [{"from_field": 1, "points": [10, 6, 4, 3]}]},
        "qualification": {"top": 2}
    });
    let r = staff.post_json("/api/circuits", &rules).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let id = r.json()["id"].as_i64().unwrap();
    // The venue fetches the circuit as it goes on publishing, and keeps it.
    let mut held = Value::Null;
    for _ in 0..600 {
        held = vstaff
            .get(&format!("/api/tournaments/{t}/circuits"))
            .await
            .json();
        if held.as_array().is_some_and(|a| !a.is_empty()) {
            break;
        }
        actix_web::rt::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    (t, id, held)
}

#[actix_web::test]
async fn a_venue_holds_its_hub_s_circuits_and_shows_its_players_provisional_points() {
    let hub = spawn_app().await;
    let staff = hub.organiser().await;
    let venue = spawn_app().await;
    let vstaff = venue.organiser().await;
    let names = [PERSONS[0].0, PERSONS[1].0, PERSONS[2].0, PERSONS[3].0];
    let (t, id, held) = venue_counted(&hub, &venue, &names).await;
    let circuit = &held[0];
    assert_eq!(circuit["id"], json!(id), "{held}");
    // As of the fetch, with the same results, the venue's points are the hub's.
    let on_the_hub = staff.get(&format!("/api/circuits/{id}")).await.json();
    let rank_of = |name: &str| -> (i64, f64) {
        let rows = on_the_hub["standings"]["rows"].as_array().unwrap();
        let r = rows.iter().find(|r| r["name"] == json!(name)).unwrap();
        (
            r["rank"].as_i64().unwrap(),
            r["total"].as_str().unwrap().parse().unwrap(),
        )
    };
    let lines = circuit["players"].as_array().unwrap();
    assert_eq!(lines.len(), 4, "{circuit}");
    for p in lines {
        let name = p["name"].as_str().unwrap();
        let total: f64 = p["total"].as_str().unwrap().parse().unwrap();
        assert_eq!((p["rank"].as_i64().unwrap(), total), rank_of(name), "{p}");
        assert_eq!(p["rank_before"], json!(rank_of(name).0));
    }
    // A ruling at the venue: the points follow its own standings at once (1.5 × 3 for the last
    // place), before the hub computes anything.
    let loser = lines[0]["name"].as_str().unwrap().to_string();
    for round in 1..=3 {
        let games = vstaff
            .get(&format!("/api/tournaments/{t}/rounds/{round}"))
            .await
            .json();
        for g in games["games"].as_array().unwrap() {
            let side = ["north", "south"]
                .into_iter()
                .find(|s| g[*s]["name"].as_str() == Some(loser.as_str()));
            let Some(side) = side else { continue };
            let r = vstaff
                .put_json(
                    &format!("/api/games/{}/result", g["id"]),
                    &json!({"kind": format!("forfeit-{side}"), "reason": "arrived too late"}),
                )
                .await;
            assert_eq!(r.status, StatusCode::OK, "{}", r.body);
        }
    }
    let held = vstaff
        .get(&format!("/api/tournaments/{t}/circuits"))
        .await
        .json();
    let line = held[0]["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == json!(loser))
        .unwrap()
        .clone();
    let points: f64 = line["points"].as_str().unwrap().parse().unwrap();
    assert_eq!((line["place"].clone(), points), (json!(4), 4.5), "{line}");
    // Its page, in French too; the standings page links to it.
    let page = venue
        .client()
        .get_in("fr", &format!("/tournaments/{t}/circuits"))
        .await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(page.body.contains("Western Region Cup"), "{}", page.body);
    assert!(page.body.contains("Points de ce tournoi"), "{}", page.body);
    let standings = venue
        .client()
        .get(&format!("/tournaments/{t}/standings"))
        .await;
    assert!(
        standings
            .body
            .contains(&format!("/tournaments/{t}/circuits"))
    );
}
