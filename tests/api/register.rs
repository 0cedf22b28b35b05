//! The register a federation can trust: its file imports whatever merges it holds, and a file
//! that merges a person into themselves, or persons into one another in a circle, is refused.

use awc::http::{Method, StatusCode};
use serde_json::{Value, json};

use crate::helpers::*;

async fn person(hub: &Client, details: Value) -> i64 {
    let r = hub.post_json("/api/persons", &details).await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    r.json()["id"].as_i64().unwrap()
}

async fn import(staff: &Client, file: &str) -> Resp {
    staff
        .send(
            Method::POST,
            "/api/register/import",
            Some("text/csv"),
            file.as_bytes().to_vec(),
        )
        .await
}

#[actix_web::test]
async fn the_hubs_register_file_imports_whatever_its_merges() {
    let hub = spawn_app().await;
    let staff = hub.organiser().await;
    let yaw = person(&staff, json!({"name": "Yaw Asante", "birth_year": 1999})).await;
    let ekow = person(&staff, json!({"name": "Ekow Quaye", "birth_year": 2001})).await;
    let esi = person(&staff, json!({"name": "Esi Quaye", "birth_year": 2003})).await;
    // A lower number merged into a higher one: the file names the higher after the lower.
    let r = staff
        .post_json("/api/persons/merge", &json!({"keep": ekow, "gone": yaw}))
        .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT, "{}", r.body);
    let file = staff.get("/register/register.csv").await.body;
    let venue = spawn_app().await;
    let venue_staff = venue.organiser().await;
    let r = import(&venue_staff, &file).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    assert_eq!(r.json()["persons"], 3);
    // Imported again over itself: the same.
    let r = import(&venue_staff, &file).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let copy = venue_staff.get("/register/register.csv").await.body;
    assert_eq!(copy, file, "the venue holds the hub's register as it is");

    // A person merged into themselves, and a circle of merges: refused, saying which line.
    let header = file.lines().next().unwrap();
    let row = |id: i64, name: &str, into: Option<i64>| {
        let mut cells: Vec<String> = header.split(',').map(|_| String::new()).collect();
        for (k, column) in header.split(',').enumerate() {
            cells[k] = match column {
                "id" => id.to_string(),
                "name" => name.to_string(),
                "merged_into" => into.map_or(String::new(), |m| m.to_string()),
                _ => String::new(),
            };
        }
        cells.join(",")
    };
    let itself = format!("{header}\n{}\n", row(esi, "Esi Quaye", Some(esi)));
    let r = import(&venue_staff, &itself).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    assert!(r.body.contains("merged into themselves"), "{}", r.body);
    let circle = format!(
        "{header}\n{}\n{}\n{}\n",
        row(yaw, "Yaw Asante", Some(ekow)),
        row(ekow, "Ekow Quaye", Some(esi)),
        row(esi, "Esi Quaye", Some(yaw))
    );
    let r = import(&venue_staff, &circle).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    assert!(r.body.contains("in a circle"), "{}", r.body);
    // Nothing changed.
    assert_eq!(venue_staff.get("/register/register.csv").await.body, file);
}

#[actix_web::test]
async fn a_players_birth_year_is_the_staffs_and_their_age_group_anyones() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let r = organiser
        .post_json(
            "/api/tournaments",
            &json!({"name": "Juniors", "rules": "abapa", "rounds": 5, "start_date": "2026-07-11"}),
        )
        .await;
    let t = r.json()["id"].as_i64().unwrap();
    let r = organiser
        .post_json(
            &format!("/api/tournaments/{t}/players"),
            &json!({"name": "Oforiwaa", "birth_year": 2015, "register_id": 35}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let public = app
        .client()
        .get(&format!("/api/tournaments/{t}/players"))
        .await
        .json();
    assert_eq!(public[0]["register_id"], 35);
    assert_eq!(public[0]["birth_year"], Value::Null, "{public}");
    assert_eq!(public[0]["age_group"], "under-12", "{public}");
    assert!(!public.to_string().contains("2015"), "{public}");
    let staff = organiser
        .get(&format!("/api/tournaments/{t}/players"))
        .await
        .json();
    assert_eq!(staff[0]["birth_year"], 2015);
    assert_eq!(staff[0]["age_group"], "under-12");
}

#[actix_web::test]
async fn suggestions_read_names_as_people_type_them_and_refuse_a_name_too_long() {
    let hub = spawn_app().await;
    let staff = hub.organiser().await;
    let abena = person(&staff, json!({"name": "Abena Donko", "birth_year": 1990})).await;
    let kwame = person(&staff, json!({"name": "Kwame Mensah-Bonsu"})).await;
    let koffi = person(&staff, json!({"name": "Koffi N'Dri"})).await;
    let juliet = person(&staff, json!({"name": "Juliet De Silva"})).await;
    let first = |body: &Value| body["suggestions"][0]["id"].as_i64();
    for (typed, meant) in [
        ("Ab%C9%9Bna%20D%C9%94nk%C9%94", abena),
        ("MensahBonsu%20Kwame", kwame),
        ("Koffi%20N%20Dri", koffi),
        ("Juleit%20De%20Silua", juliet),
    ] {
        let r = staff
            .get(&format!("/api/persons/suggest?name={typed}"))
            .await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.body);
        assert_eq!(first(&r.json()), Some(meant), "{typed}: {}", r.body);
    }
    // A new person is found at once: the register's search follows its changes.
    let esi = person(&staff, json!({"name": "Esi Ɛfua Quaye"})).await;
    let r = staff
        .get("/api/persons/suggest?name=Esi%20Efua%20Quaye")
        .await;
    assert_eq!(first(&r.json()), Some(esi), "{}", r.body);
    // A name longer than the register compares is refused at once, not searched.
    let long = "A".repeat(10_000);
    let r = staff
        .get(&format!("/api/persons/suggest?name={long}"))
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    assert!(r.body.contains("at most 100 characters"), "{}", r.body);
}

/// A person's row of the register file: their `merged_into` cell.
async fn merged_into(staff: &Client, id: i64) -> String {
    let file = staff.get("/register/register.csv").await.body;
    let row = file
        .lines()
        .find(|l| l.starts_with(&format!("{id},")))
        .unwrap_or_else(|| panic!("{file}"))
        .to_string();
    row.split(',').nth(7).unwrap_or_default().to_string()
}

#[actix_web::test]
async fn the_register_page_names_both_persons_of_a_merge_and_answers_every_action() {
    let hub = spawn_app().await;
    let staff = hub.organiser().await;
    let yaw = person(
        &staff,
        json!({"name": "Yaw Asante", "birth_year": 1999, "federation": "GHA"}),
    )
    .await;
    let ekow = person(
        &staff,
        json!({"name": "Ekow Quaye", "birth_year": 2001, "federation": "GHA"}),
    )
    .await;
    person(
        &staff,
        json!({"name": "Kwabena Ofori-Atta", "birth_year": 1972, "federation": "GHA"}),
    )
    .await;
    person(
        &staff,
        json!({"name": "Kwabena Ofori Atta", "birth_year": 1972, "federation": "GHA"}),
    )
    .await;
    // The obvious duplicates are pointed out, and only they.
    let page = staff.get("/register").await;
    assert_eq!(page.status, StatusCode::OK);
    let duplicates = page
        .body
        .split("id=\"duplicates\"")
        .nth(1)
        .and_then(|rest| rest.split("</ul>").next())
        .unwrap_or_else(|| panic!("no duplicates listed: {}", page.body));
    assert!(
        duplicates.contains("Kwabena Ofori-Atta") && duplicates.contains("Kwabena Ofori Atta"),
        "{duplicates}"
    );
    assert!(!duplicates.contains("Yaw Asante"), "{duplicates}");
    let csrf = csrf_in(&page.body);

    // Two typed numbers ask first, naming both persons; nothing is merged yet.
    let (keep, gone) = (ekow.to_string(), yaw.to_string());
    let fields = [
        ("csrf", csrf.as_str()),
        ("keep", keep.as_str()),
        ("gone", gone.as_str()),
    ];
    let r = staff.post_form("/register/merge", &fields).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let question = r
        .body
        .split("id=\"merge-question\"")
        .nth(1)
        .unwrap_or_else(|| panic!("{}", r.body));
    for words in ["Yaw Asante", "1999", "Ekow Quaye", "2001"] {
        assert!(question.contains(words), "{words}: {question}");
    }
    assert_eq!(merged_into(&staff, yaw).await, "");
    // Confirmed, it is done and said, with the way back.
    let mut confirmed = fields.to_vec();
    confirmed.push(("confirm", "yes"));
    let r = staff.post_form("/register/merge", &confirmed).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    assert_eq!(merged_into(&staff, yaw).await, ekow.to_string());
    let said = staff.get(&location(&r)).await;
    let done = said
        .body
        .split("id=\"done\"")
        .nth(1)
        .unwrap_or_else(|| panic!("nothing said: {}", said.body));
    assert!(
        done.contains("Yaw Asante") && done.contains("Ekow Quaye"),
        "{done}"
    );
    assert!(
        done.contains(&format!("action=\"/register/persons/{yaw}/split\"")),
        "no undo: {done}"
    );
    // Undone in one click, and said.
    let r = staff
        .post_form(
            &format!("/register/persons/{yaw}/split"),
            &[("csrf", csrf.as_str())],
        )
        .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    assert_eq!(merged_into(&staff, yaw).await, "");
    let said = staff.get(&location(&r)).await;
    assert!(said.body.contains("is split out again"), "{}", said.body);

    // Adding a person is answered; a refusal keeps what was typed and names the field.
    let r = staff
        .post_form(
            "/register/persons",
            &[
                ("csrf", csrf.as_str()),
                ("name", "Gbèmisọ́la Ogunléye"),
                ("birth_year", "1994"),
                ("federation", "NGA"),
            ],
        )
        .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    let said = staff.get(&location(&r)).await;
    assert!(
        said.body
            .contains("Added to the register: #5 Gbèmisọ́la Ogunléye"),
        "{}",
        said.body
    );
    let r = staff
        .post_form(
            "/register/persons",
            &[
                ("csrf", csrf.as_str()),
                ("name", "Akosua Dɔnkɔ"),
                ("birth_year", "nineteen"),
                ("club", "Kumasi Oware Club"),
            ],
        )
        .await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.body);
    assert!(r.body.contains("birth year"), "{}", r.body);
    assert!(
        r.body.contains("value=\"Akosua Dɔnkɔ\"") && r.body.contains("value=\"Kumasi Oware Club\""),
        "{}",
        r.body
    );
    assert_eq!(hub.count("persons"), 5);
}

#[actix_web::test]
async fn each_waiting_player_is_searched_linked_by_number_or_added_from_their_details() {
    let hub = spawn_app().await;
    let staff = hub.organiser().await;
    let abena = person(
        &staff,
        json!({"name": "Abena Donko", "birth_year": 1990, "federation": "GHA"}),
    )
    .await;
    // A rated tournament of 60 players entered without a number: they wait, 50 a page.
    let r = staff
        .post_json(
            "/api/tournaments",
            &json!({"name": "Kumasi Open", "rules": "abapa", "rounds": 5}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let t = r.json()["id"].as_i64().unwrap();
    let mut players = Vec::new();
    for i in 0..60 {
        let (name, details) = match i {
            0 => ("Abɛna Dɔnkɔ".to_string(), json!({"birth_year": 1990})),
            1 => (
                "Kofi Newcomer".to_string(),
                json!({"birth_year": 2011, "federation": "GHA", "club": "Tema Club",
                       "gender": "male"}),
            ),
            _ => (format!("Player {i:02}"), json!({})),
        };
        let mut body = details;
        body["name"] = json!(name);
        let r = staff
            .post_json(&format!("/api/tournaments/{t}/players"), &body)
            .await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
        players.push(r.json()["id"].as_i64().unwrap());
    }
    let r = staff
        .post_json(
            &format!("/api/tournaments/{t}/rated"),
            &json!({"rated": true}),
        )
        .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT, "{}", r.body);
    let page = staff.get("/register").await;
    assert_eq!(page.status, StatusCode::OK);
    assert!(
        page.body.contains("60 players wait (page 1 of 2)"),
        "{}",
        page.body
    );
    // The row says which event; "Abɛna Dɔnkɔ" is offered Abena Donko first.
    let row = page
        .body
        .split(&format!("id=\"waiting-{}\"", players[0]))
        .nth(1)
        .and_then(|rest| rest.split("</tr>").next())
        .unwrap_or_else(|| panic!("{}", page.body));
    assert!(row.contains("Kumasi Open"), "{row}");
    let first_option = row.split("<option").nth(1).unwrap_or_default();
    assert!(
        first_option.contains(&format!("value=\"{abena}\"")),
        "{row}"
    );
    // The second page, and a search from a row, keep their place.
    let second = staff.get("/register?waiting_page=2").await;
    assert_eq!(second.status, StatusCode::OK, "{}", second.body);
    assert!(second.body.contains("(page 2 of 2)"), "{}", second.body);
    let found = staff
        .get(&format!(
            "/register?find={}&find_name=Donko&waiting_page=1",
            players[5]
        ))
        .await;
    assert_eq!(found.status, StatusCode::OK, "{}", found.body);
    let row = found
        .body
        .split(&format!("id=\"waiting-{}\"", players[5]))
        .nth(1)
        .and_then(|rest| rest.split("</tr>").next())
        .unwrap();
    assert!(
        row.contains("Found for") && row.contains(&format!("value=\"{abena}\"")),
        "{row}"
    );
    let persons = staff.get("/register?q=donko&page=1").await;
    assert_eq!(persons.status, StatusCode::OK, "{}", persons.body);
    let csrf = csrf_in(&page.body);
    // Linked by a typed number: answered with both names.
    let player = players[0].to_string();
    let number = abena.to_string();
    let r = staff
        .post_form(
            "/register/link",
            &[
                ("csrf", csrf.as_str()),
                ("player", player.as_str()),
                ("player_name", "Abɛna Dɔnkɔ"),
                ("person", ""),
                ("number", number.as_str()),
            ],
        )
        .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    let said = staff.get(&location(&r)).await;
    assert!(
        said.body
            .contains(&format!("Abɛna Dɔnkɔ is linked to #{abena} Abena Donko")),
        "{}",
        said.body
    );
    // Added as a new person from the player's own details, nothing retyped.
    let player = players[1].to_string();
    let r = staff
        .post_form(
            "/register/link",
            &[
                ("csrf", csrf.as_str()),
                ("player", player.as_str()),
                ("player_name", "Kofi Newcomer"),
                ("person", ""),
                ("number", ""),
                ("new", "yes"),
            ],
        )
        .await;
    assert_eq!(r.status, StatusCode::SEE_OTHER, "{}", r.body);
    let file = staff.get("/register/register.csv").await.body;
    assert!(
        file.lines()
            .any(|l| l.contains("Kofi Newcomer,2011,male,GHA,Tema Club")),
        "{file}"
    );
    let page = staff.get("/register").await;
    assert!(page.body.contains("58 players wait"), "{}", page.body);
}

/// The id of the waiting row on the register's page that names `name`.
fn waiting_row<'a>(page: &'a str, name: &str) -> (i64, &'a str) {
    let at = page.find(name).unwrap_or_else(|| panic!("{name} waits"));
    let start = page[..at]
        .rfind("<tr id=\"waiting-")
        .expect("a waiting row");
    let row = &page[start..];
    let row = &row[..row.find("</tr>").unwrap()];
    let id = row["<tr id=\"waiting-".len()..].split('"').next().unwrap();
    (id.parse().unwrap(), row)
}

#[actix_web::test]
async fn a_venue_never_makes_a_number_and_a_number_naming_someone_else_waits_on_the_hub() {
    use crate::publishing::{push, token};
    let hub = spawn_app().await;
    let staff = hub.organiser().await;
    let ama = person(
        &staff,
        json!({"name": "Ama Owusu", "birth_year": 1990, "federation": "GHA"}),
    )
    .await;
    let yaw = person(
        &staff,
        json!({"name": "Yaw Boateng", "birth_year": 1999, "federation": "GHA"}),
    )
    .await;
    // The venue takes the register as it is; the hub then gives the next number to someone.
    let file = staff.get("/register/register.csv").await.body;
    let kwadwo = person(
        &staff,
        json!({"name": "Kwadwo Mensah", "birth_year": 1985, "federation": "GHA",
               "gender": "male"}),
    )
    .await;

    let venue = spawn_app().await;
    let venue_staff = venue.organiser().await;
    assert_eq!(import(&venue_staff, &file).await.status, StatusCode::OK);
    // A venue makes no number, merges nobody, rates nothing: the hub does.
    let r = venue_staff
        .post_json("/api/persons", &json!({"name": "Gbèmisọ́la Ogunléye"}))
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.body);
    assert!(r.body.contains("copy of the hub"), "{}", r.body);
    let r = venue_staff
        .post_json("/api/persons/merge", &json!({"keep": ama, "gone": yaw}))
        .await;
    assert_eq!(r.status, StatusCode::CONFLICT, "{}", r.body);
    assert_eq!(venue.count("persons"), 2);
    let page = venue_staff.get("/register").await.body;
    assert!(page.contains("id=\"held-copy\""), "{page}");
    assert!(page.contains("2 persons"), "{page}");
    for form in ["person-form", "merge-form", "rated-title", "/split"] {
        assert!(!page.contains(form), "{form} offered at a venue");
    }
    let french = venue_staff.get_in("fr", "/register").await.body;
    assert!(
        french.contains("copie du registre du site central"),
        "{french}"
    );

    // Players entered at the venue with numbers, right and wrong, pushed to the hub.
    let t = create_tournament(&venue_staff, "Kumasi Open").await;
    for details in [
        json!({"name": "OWUSU, Ama", "birth_year": 1990, "register_id": ama}),
        json!({"name": "Gbèmisọ́la Ogunléye", "birth_year": 2004, "federation": "NGR",
               "register_id": kwadwo}),
        json!({"name": "Yaw Boateng", "birth_year": 1970, "register_id": yaw}),
        json!({"name": "Kofi Annor", "register_id": 99}),
    ] {
        let r = venue_staff
            .post_json(&format!("/api/tournaments/{t}/players"), &details)
            .await;
        assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    }
    // Each number naming a person of the copy leads to their card across events.
    let page = venue_staff.get(&format!("/tournaments/{t}")).await.body;
    assert!(
        page.contains(&format!("href=\"/ratings/persons/{ama}\"")),
        "{page}"
    );
    assert!(!page.contains("href=\"/ratings/persons/99\""), "{page}");
    let exported = venue_staff
        .get(&format!("/tournaments/{t}/export.json"))
        .await
        .json();
    let secret = token(&staff, "Kumasi").await;
    let r = push(&hub, &secret, &json!({"version": 1, "file": exported})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);

    // On the hub, each player whose number is not theirs waits, saying why.
    let page = staff.get("/register").await.body;
    assert!(!page.contains("OWUSU, Ama"), "Ama's number is hers: {page}");
    let (gbemisola, row) = waiting_row(&page, "Gbèmisọ́la Ogunléye");
    assert!(
        row.contains(&format!(
            "Came with number {kwadwo}, which is Kwadwo Mensah here. Not the same: name, \
             birth year, federation."
        )),
        "{row}"
    );
    let (boateng, row) = waiting_row(&page, "Yaw Boateng (1970)");
    assert!(row.contains("Not the same: birth year."), "{row}");
    // The person the number names comes first among the suggestions.
    assert!(row.contains(&format!("<option value=\"{yaw}\">")), "{row}");
    let (_, row) = waiting_row(&page, "Kofi Annor");
    assert!(
        row.contains("Came with number 99, which no one has in this register."),
        "{row}"
    );
    let french = staff.get_in("fr", "/register").await.body;
    assert!(french.contains("attribué ici à Kwadwo Mensah"), "{french}");

    // She is no one's games but her own: the officer adds her as the newcomer she is.
    let r = staff
        .post_json(
            "/api/persons",
            &json!({"name": "Gbèmisọ́la Ogunléye", "birth_year": 2004, "federation": "NGR"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED, "{}", r.body);
    let her = r.json()["id"].as_i64().unwrap();
    for (player, person) in [(gbemisola, her), (boateng, yaw)] {
        let r = staff
            .post_json(
                "/api/register/link",
                &json!({"player": player, "person": person}),
            )
            .await;
        assert_eq!(r.status, StatusCode::NO_CONTENT, "{}", r.body);
    }
    let page = staff.get("/register").await.body;
    for name in ["Gbèmisọ́la Ogunléye", "Yaw Boateng (1970)"] {
        assert!(!page.contains(&format!("<td>{name}")), "{name} still waits");
    }
    // The next push keeps what the officer said.
    let r = push(&hub, &secret, &json!({"version": 2, "file": exported})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let page = staff.get("/register").await.body;
    assert!(!page.contains("<td>Gbèmisọ́la Ogunléye"), "{page}");
}
