//! The service in each language: every page's words come from the message files, the visitor
//! chooses the language (remembered), else their browser's, and every language has every
//! message.

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};

use awc::http::Method;

use crate::helpers::{Client, spawn_app};

fn files_under(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files_under(&path, ext, out);
        } else if path.extension().is_some_and(|e| e == ext) {
            out.push(path);
        }
    }
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `text` with every `open ... close` span taken out (each replaced by a space).
fn without(text: &str, open: &str, close: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(start) = rest.find(open) {
        out.push_str(&rest[..start]);
        out.push(' ');
        match rest[start + open.len()..].find(close) {
            Some(end) => rest = &rest[start + open.len() + end + close.len()..],
            None => return out,
        }
    }
    out.push_str(rest);
    out
}

/// What a template shows people that is not a message: its text between tags and the
/// attributes people read (`aria-label`, `title`, `placeholder`, `alt`), with template code,
/// scripts, `<code>` (commands and file formats) and addresses taken out.
fn shown_text(template: &str) -> String {
    let mut text = template.to_string();
    for (open, close) in [
        // A page's class names for its body are no words.
        ("{% block body_class %}", "{% endblock %}"),
        ("{#", "#}"),
        ("{{", "}}"),
        ("{%", "%}"),
        ("<!--", "-->"),
        ("<script", "</script>"),
        ("<style", "</style>"),
        ("<code", "</code>"),
    ] {
        text = without(&text, open, close);
    }
    let mut shown = String::new();
    let mut rest = text.as_str();
    while let Some(start) = rest.find('<') {
        shown.push_str(&rest[..start]);
        shown.push(' ');
        let end = rest[start..]
            .find('>')
            .map_or(rest.len(), |e| start + e + 1);
        let tag = &rest[start..end];
        for attribute in ["aria-label=\"", "title=\"", "placeholder=\"", "alt=\""] {
            if let Some(at) = tag.find(attribute) {
                let value = &tag[at + attribute.len()..];
                let value = &value[..value.find('"').unwrap_or(value.len())];
                if !value.starts_with("http") {
                    shown.push(' ');
                    shown.push_str(value);
                }
            }
        }
        rest = &rest[end..];
    }
    shown.push_str(rest);
    shown
}

/// The words of [`shown_text`], and the punctuation a language spaces on its own (French puts a
/// narrow space before `: ; ? !`): both belong in the message files.
fn literal_words(template: &str) -> Vec<String> {
    let shown = shown_text(template);
    let punctuation = shown
        .chars()
        .filter(|c| [':', ';', '?', '!'].contains(c))
        .map(String::from);
    shown
        .split(|c: char| !c.is_alphabetic())
        .filter(|w| w.chars().count() > 1)
        // Names of file formats and of the service, the same in every language.
        .filter(|w| !["CSV", "OGN", "TRF", "PIN", "UTC"].contains(w))
        .map(str::to_string)
        .chain(punctuation)
        .collect()
}

#[test]
fn no_template_shows_words_outside_the_message_files() {
    let mut templates = Vec::new();
    files_under(&root().join("templates"), "html", &mut templates);
    assert!(templates.len() > 40, "the templates are found");
    let mut found = Vec::new();
    for path in &templates {
        let words = literal_words(&std::fs::read_to_string(path).unwrap());
        if !words.is_empty() {
            found.push(format!("{}: {}", path.display(), words.join(" ")));
        }
    }
    assert!(
        found.is_empty(),
        "words outside the message files:\n{}",
        found.join("\n")
    );
    // The check sees words where there are some.
    assert_eq!(
        literal_words(r#"<p title="Hello">{{ x }} Sign in <code>OWARE_BIND</code>: </p>"#),
        ["Hello", "Sign", "in", ":"]
    );
}

/// The message keys the templates and the code name: `t("key"`, `t1("key"` and so on.
fn named_keys() -> BTreeSet<String> {
    let mut files = Vec::new();
    files_under(&root().join("templates"), "html", &mut files);
    files_under(&root().join("src"), "rs", &mut files);
    let mut keys = BTreeSet::new();
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        for call in [
            ".t(\"",
            ".t1(\"",
            ".t2(\"",
            ".t3(\"",
            ".t_with(\"",
            "said!(\"",
            "Said::new(\"",
        ] {
            for (at, _) in text.match_indices(call) {
                let rest = &text[at + call.len()..];
                let key = &rest[..rest.find('"').unwrap()];
                keys.insert(key.to_string());
            }
        }
    }
    keys
}

/// The variables an English message uses, by key (`{ $name }`, in its text or its selectors).
fn english_variables() -> HashMap<String, BTreeSet<String>> {
    let mut files = Vec::new();
    files_under(&root().join("locales/en"), "ftl", &mut files);
    let mut messages = HashMap::new();
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        let mut key: Option<String> = None;
        for line in text.lines() {
            if let Some((k, _)) = line.split_once(" =")
                && !k.is_empty()
                && k.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
            {
                key = Some(k.to_string());
                messages.insert(k.to_string(), BTreeSet::new());
            }
            let Some(k) = &key else { continue };
            let vars = messages.get_mut(k).unwrap();
            for (at, _) in line.match_indices('$') {
                let name: String = line[at + 1..]
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-')
                    .collect();
                vars.insert(name);
            }
        }
    }
    messages
}

/// The names of the arguments a `said!("key", a = ..., b)` call gives, by the call's key.
fn said_calls() -> Vec<(String, BTreeSet<String>, PathBuf)> {
    let mut files = Vec::new();
    files_under(&root().join("src"), "rs", &mut files);
    let mut calls = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(&path).unwrap();
        for (at, _) in text.match_indices("said!(\"") {
            let rest = &text[at + "said!(".len()..];
            // The call's text up to its closing parenthesis, and its arguments at its own depth.
            let (mut depth, mut parts, mut part) = (1, Vec::new(), String::new());
            for c in rest.chars() {
                match c {
                    '(' | '[' | '{' => depth += 1,
                    ')' | ']' | '}' => depth -= 1,
                    _ => {}
                }
                if depth == 0 {
                    break;
                }
                if c == ',' && depth == 1 {
                    parts.push(std::mem::take(&mut part));
                } else {
                    part.push(c);
                }
            }
            parts.push(part);
            let key = parts[0].trim().trim_matches('"').to_string();
            let names = parts[1..]
                .iter()
                .map(|p| {
                    p.trim()
                        .chars()
                        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                        .collect::<String>()
                })
                .filter(|n| !n.is_empty())
                .collect();
            calls.push((key, names, path.clone()));
        }
    }
    calls
}

#[test]
fn every_refusal_gives_the_facts_its_message_words() {
    let messages = english_variables();
    let calls = said_calls();
    assert!(calls.len() > 150, "the calls are found ({})", calls.len());
    let mut wrong = Vec::new();
    for (key, names, path) in &calls {
        match messages.get(key) {
            None if key == "round-closed" || key == "seeds-range" => {}
            None => wrong.push(format!("{}: {key} is written nowhere", path.display())),
            Some(vars) if vars != names => wrong.push(format!(
                "{}: {key} gives {names:?}, its message uses {vars:?}",
                path.display()
            )),
            Some(_) => {}
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn every_message_the_pages_name_is_written_in_every_language() {
    if let Err(problems) = oware_tournament::locale::check_catalogues() {
        panic!("{}", problems.join("\n"));
    }
    let known = oware_tournament::locale::english_keys();
    let named = named_keys();
    assert!(named.len() > 300, "the calls are found ({})", named.len());
    let missing: Vec<_> = named
        .iter()
        // The unit tests of messages name a few on purpose.
        .filter(|k| {
            !known.contains(*k)
                && !["no-such-message", "round-closed", "seeds-range"].contains(&k.as_str())
        })
        .collect();
    assert!(missing.is_empty(), "named but written nowhere: {missing:?}");
}

async fn page(client: &Client, path: &str, headers: &[(&str, &str)]) -> (u16, String) {
    let r = client
        .try_send_with(Method::GET, path, None, headers, Vec::new())
        .await
        .unwrap();
    (r.status.as_u16(), r.body)
}

#[actix_web::test]
async fn the_visitor_chooses_the_language_then_their_browser_does() {
    let app = spawn_app().await;
    let client = Client::new(&app.address);
    // No language asked for: English.
    let (status, body) = page(&client, "/tournaments", &[]).await;
    assert_eq!(status, 200);
    assert!(body.contains("<html lang=\"en\">"), "{body}");
    assert!(body.contains("<h1>Tournaments</h1>"));
    // The switch leads to French and back to this page.
    assert!(
        body.contains("href=\"/language?to=fr&#38;back=/tournaments\""),
        "{body}"
    );
    // The browser asks for French first.
    let french = [("Accept-Language", "fr-CI,fr;q=0.9,en;q=0.5")];
    let (_, body) = page(&client, "/tournaments", &french).await;
    assert!(body.contains("<html lang=\"fr\">"));
    assert!(body.contains("<h1>Tournois</h1>"), "{body}");
    assert!(body.contains("hreflang=\"en\""), "the way back to English");
    // A language the service does not speak: English.
    let (_, body) = page(&client, "/tournaments", &[("Accept-Language", "de, ja")]).await;
    assert!(body.contains("<h1>Tournaments</h1>"));
    // The choice is remembered for a year, and wins over the browser's.
    let r = client
        .try_send_with(
            Method::GET,
            "/language?to=fr&back=/events",
            None,
            &[],
            Vec::new(),
        )
        .await
        .unwrap();
    assert_eq!(r.status.as_u16(), 303);
    assert_eq!(r.header("location"), Some("/events"));
    let set = r.header("set-cookie").unwrap();
    assert!(
        set.starts_with("lang=fr;") && set.contains("Max-Age=31536000"),
        "{set}"
    );
    let chosen = [("Cookie", "lang=fr"), ("Accept-Language", "en-GB")];
    let (_, body) = page(&client, "/events", &chosen).await;
    assert!(body.contains("<h1>Compétitions</h1>"), "{body}");
    // The switch never leads off the site, and refuses a language it does not speak.
    for back in [
        "//evil.example/",
        "https://evil.example/",
        "/\\evil.example",
    ] {
        let path = format!(
            "/language?{}",
            serde_urlencoded::to_string([("to", "en"), ("back", back)]).unwrap()
        );
        let r = client
            .try_send_with(Method::GET, &path, None, &[], Vec::new())
            .await
            .unwrap();
        assert_eq!(r.header("location"), Some("/"), "{back}");
    }
    let (status, body) = page(&client, "/language?to=xx", &[]).await;
    assert_eq!(status, 400);
    assert!(body.contains("does not speak"));
}

#[actix_web::test]
async fn an_error_page_is_in_the_visitors_language() {
    let app = spawn_app().await;
    let client = Client::new(&app.address);
    let (status, body) = page(&client, "/tournaments/999", &[("Cookie", "lang=fr")]).await;
    assert_eq!(status, 404);
    assert!(body.contains("<h1>Introuvable</h1>"), "{body}");
    assert!(body.contains("Tous les tournois"));
}

/// The French pages speak to every reader, women and men: nothing said to the reader agrees with
/// a gender ("vous êtes exempt", "si vous vous êtes trompé"): such lines are worded round it ("en
/// cas d'erreur", "pas de partie pour vous").
#[test]
fn french_speaks_to_every_reader() {
    let mut files = Vec::new();
    files_under(&root().join("locales/fr"), "ftl", &mut files);
    let gendered = |word: &str| {
        let word = word.trim_matches(|c: char| !c.is_alphabetic());
        word.ends_with('é')
            || word.ends_with("és")
            || [
                "exempt", "absent", "présent", "inscrit", "prêt", "sûr", "seul", "assis", "prévenu",
            ]
            .contains(&word)
    };
    let mut wrong = Vec::new();
    for path in files {
        for (n, line) in std::fs::read_to_string(&path).unwrap().lines().enumerate() {
            let lower = line.to_lowercase();
            // What follows "vous êtes", "vous n'êtes pas", "vous vous êtes": an attribute of the
            // reader.
            for (at, _) in lower.match_indices("êtes ") {
                let before = &lower[..at];
                if !(before.ends_with("vous ") || before.ends_with("vous n'")) {
                    continue;
                }
                let mut words = lower[at + "êtes ".len()..].split_whitespace();
                let mut next = words.next().unwrap_or_default();
                if next == "pas" {
                    next = words.next().unwrap_or_default();
                }
                if gendered(next) {
                    wrong.push(format!("{}:{}: {line}", path.display(), n + 1));
                }
            }
            // "vous compte absent", "vous a noté présent".
            for word in ["vous compte ", "vous a noté ", "vous marque "] {
                if let Some(at) = lower.find(word)
                    && lower[at + word.len()..]
                        .split_whitespace()
                        .next()
                        .is_some_and(gendered)
                {
                    wrong.push(format!("{}:{}: {line}", path.display(), n + 1));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn french_is_written_with_its_spaces() {
    let mut files = Vec::new();
    files_under(&root().join("locales/fr"), "ftl", &mut files);
    let mut wrong = Vec::new();
    for path in files {
        for (n, line) in std::fs::read_to_string(&path).unwrap().lines().enumerate() {
            // A narrow no-break space before : ; ? ! and inside « », never a plain one.
            for bad in [" :", " ;", " ?", " !", "« ", " »"] {
                if line.contains(bad) {
                    wrong.push(format!("{}:{}: {line}", path.display(), n + 1));
                }
            }
            // No "de", "que" or "le" before a name, which may begin with a vowel ("de Awa"
            // where French writes "d'Awa"): such lines are worded round it.
            for word in [" de { $", " que { $", " le { $", " la { $"] {
                for (at, _) in line.match_indices(word) {
                    let variable: String = line[at + word.len()..]
                        .chars()
                        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                        .collect();
                    if [
                        "name",
                        "south",
                        "north",
                        "why",
                        "player",
                        "tournament",
                        "who",
                    ]
                    .contains(&variable.as_str())
                    {
                        wrong.push(format!("{}:{}: elision: {line}", path.display(), n + 1));
                    }
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[actix_web::test]
async fn a_tournaments_own_language_holds_for_its_prints_and_for_visitors_who_name_none() {
    use crate::sheets::{one_game, publish, with_pin};
    use crate::swiss::{fixture_games, sheet};
    use serde_json::json;

    let app = spawn_app().await;
    let organiser = app.organiser().await;
    // A language the pages are not written in is refused, and nothing is made.
    let r = organiser
        .post_json(
            "/api/tournaments",
            &json!({"name": "Offen", "rules": "abapa", "rounds": 3, "language": "de"}),
        )
        .await;
    assert_eq!(r.status.as_u16(), 422, "{}", r.body);
    assert!(
        r.json()["error"]["message"]
            .as_str()
            .unwrap()
            .contains("en, fr")
    );
    assert_eq!(app.count("tournaments"), 0);
    let (t, game, (south, south_pin), _) =
        one_game(&app, &organiser, json!({"language": "fr"})).await;
    publish(&organiser, t, 1).await;
    let visitor = Client::new(&app.address);
    let english = [("Accept-Language", "en-GB,en;q=0.9")];
    // A browser that names no language the service speaks: the tournament's.
    for path in [
        format!("/tournaments/{t}"),
        format!("/tournaments/{t}/standings"),
    ] {
        let (_, body) = page(&visitor, &path, &[("Accept-Language", "de")]).await;
        assert!(body.contains("<html lang=\"fr\">"), "{path}");
        let (_, body) = page(&visitor, &path, &english).await;
        assert!(body.contains("<html lang=\"en\">"), "{path}");
    }
    // The prints are in the tournament's language, whatever the reader's.
    for path in [
        format!("/tournaments/{t}/rounds/1/print"),
        format!("/tournaments/{t}/rounds/1/sheets"),
    ] {
        let r = organiser
            .try_send_with(Method::GET, &path, None, &english, Vec::new())
            .await
            .unwrap();
        assert!(r.body.contains("<html lang=\"fr\">"), "{path}: {}", r.body);
        assert!(
            r.body.contains("Ronde 1") || r.body.contains("ronde 1"),
            "{path}"
        );
    }
    // The tournament file carries the language, and its copy has it.
    let file = organiser
        .get(&format!("/tournaments/{t}/export.json"))
        .await
        .json();
    assert_eq!(file["tournament"]["settings"]["language"], "fr", "{file}");

    // The API's codes stay; its message follows Accept-Language.
    let fixture = &fixture_games()[0];
    let mut body = sheet(fixture);
    let mut tokens: Vec<&str> = fixture.0.split(' ').collect();
    tokens[0] = "a";
    body["moves"] = json!(tokens.join(" "));
    let url = format!("/api/games/{game}/sheets");
    let body = serde_json::to_vec(&with_pin(body, &south_pin)).unwrap();
    for (language, words) in [
        (
            "fr-SN",
            "coup 1, Sud («\u{202f}a\u{202f}»)\u{202f}: a n'est pas une case de Sud",
        ),
        ("en", "move 1, South (\"a\"): a is not a pit of South"),
    ] {
        let r = visitor
            .try_send_with(
                Method::POST,
                &url,
                Some("application/json"),
                &[("Accept-Language", language)],
                body.clone(),
            )
            .await
            .unwrap();
        assert_eq!(r.status.as_u16(), 422, "{}", r.body);
        let e = r.json()["error"].clone();
        assert_eq!(
            (e["code"].as_str(), e["kind"].as_str()),
            (Some("replay"), Some("wrong-side"))
        );
        assert!(e["message"].as_str().unwrap().starts_with(words), "{e}");
    }
    // A new PIN's slip: the slip in the tournament's language, the staff's instructions around
    // it in the reader's.
    let csrf = organiser
        .csrf(&format!("/tournaments/{t}/players/{south}/edit"))
        .await;
    let body = serde_urlencoded::to_string([("csrf", csrf.as_str())]).unwrap();
    let r = organiser
        .try_send_with(
            Method::POST,
            &format!("/tournaments/{t}/players/{south}/pin"),
            Some("application/x-www-form-urlencoded"),
            &english,
            body.into_bytes(),
        )
        .await
        .unwrap();
    assert_eq!(r.status.as_u16(), 200, "{}", r.body);
    assert!(
        r.body.contains("<html lang=\"en\">") && r.body.contains("PIN slips"),
        "{}",
        r.body
    );
    let slips = &r.body[r.body.find("class=\"slips\"").unwrap()..];
    assert!(slips.starts_with("class=\"slips\" lang=\"fr\""), "{slips}");
    assert!(
        slips.contains("Votre code PIN") && !slips.contains("Your PIN"),
        "{slips}"
    );
}

#[actix_web::test]
async fn the_services_refusals_are_in_the_readers_language() {
    use crate::sheets::{one_game, with_pin};
    use crate::swiss::{fixture_games, sheet};
    use serde_json::json;

    let app = spawn_app().await;
    let organiser = app.organiser().await;
    // A form's problems, every one of them, in the reader's language; the same code; nothing
    // made.
    let bad = serde_json::to_vec(&json!({"name": " ", "rules": "abapa", "rounds": 120})).unwrap();
    for (language, words) in [
        (
            "fr-CI",
            "nom\u{202f}: un tournoi a besoin d'un nom\u{202f}; rondes\u{202f}: 120 n'est pas entre 1 et 99",
        ),
        (
            "en",
            "name: a tournament needs a name; rounds: 120 is not between 1 and 99",
        ),
    ] {
        let r = organiser
            .try_send_with(
                Method::POST,
                "/api/tournaments",
                Some("application/json"),
                &[("Accept-Language", language)],
                bad.clone(),
            )
            .await
            .unwrap();
        assert_eq!(r.status.as_u16(), 422, "{}", r.body);
        let e = r.json()["error"].clone();
        assert_eq!(e["code"], "invalid");
        assert!(e["message"].as_str().unwrap().contains(words), "{e}");
    }
    assert_eq!(app.count("tournaments"), 0);

    // A sheet sent with a PIN that is no player's of the game, and a game that is not there.
    let (_, game, _, _) = one_game(&app, &organiser, json!({})).await;
    let body = serde_json::to_vec(&with_pin(sheet(&fixture_games()[0]), "000000")).unwrap();
    let visitor = Client::new(&app.address);
    for (language, wrong_pin, no_game) in [
        (
            "fr",
            "ce code PIN n'est celui d'aucun joueur de cette partie",
            "cette partie n'existe pas",
        ),
        (
            "en",
            "that PIN is not the PIN of a player of this game",
            "no such game",
        ),
    ] {
        let headers = [("Accept-Language", language)];
        let mut answers = Vec::new();
        for url in [
            format!("/api/games/{game}/sheets"),
            format!("/api/games/{}/sheets", game + 1000),
        ] {
            let r = visitor
                .try_send_with(
                    Method::POST,
                    &url,
                    Some("application/json"),
                    &headers,
                    body.clone(),
                )
                .await
                .unwrap();
            answers.push(r);
        }
        let (r, missing) = (&answers[0], &answers[1]);
        assert_eq!(r.status.as_u16(), 401, "{}", r.body);
        assert_eq!(r.json()["error"]["code"], "wrong-credentials");
        assert_eq!(r.json()["error"]["message"], wrong_pin);
        assert_eq!(missing.status.as_u16(), 404, "{}", missing.body);
        assert_eq!(missing.json()["error"]["message"], no_game);
    }
    // The error page of a French reader says it in French.
    let (status, body) = page(
        &visitor,
        &format!("/games/{}", game + 1000),
        &[("Accept-Language", "fr")],
    )
    .await;
    assert_eq!(status, 404);
    assert!(body.contains("Cette partie n&#39;existe pas."), "{body}");
}

#[actix_web::test]
async fn the_csv_files_are_headed_in_the_readers_language_and_either_language_imports() {
    let app = spawn_app().await;
    let organiser = app.organiser().await;
    let t = crate::helpers::create_tournament(&organiser, "Tournoi de Cannes").await;
    // A file of players headed in French, in another order and case: read as the English.
    let csv =
        "Nom,ÉLO,pays,club\nAïcha Ouédraogo,1750,BF,Ouagadougou\nKofi Mensah,1800,GH,Kumasi\n";
    let r = organiser
        .send(
            Method::POST,
            &format!("/api/tournaments/{t}/players/import"),
            Some("text/csv"),
            csv.as_bytes().to_vec(),
        )
        .await;
    assert_eq!(r.status.as_u16(), 201, "{}", r.body);
    assert_eq!(app.count("players"), 2);
    // A heading no language knows is refused, named, in the reader's language.
    let r = organiser
        .try_send_with(
            Method::POST,
            &format!("/api/tournaments/{t}/players/import"),
            Some("text/csv"),
            &[("Accept-Language", "fr")],
            b"nom,couleur\nYaw,rouge\n".to_vec(),
        )
        .await
        .unwrap();
    assert_eq!(r.status.as_u16(), 422, "{}", r.body);
    let row = r.json()["errors"][0].clone();
    assert_eq!(row["line"], 1);
    assert!(
        row["message"]
            .as_str()
            .unwrap()
            .starts_with("colonne inconnue «\u{202f}couleur\u{202f}»"),
        "{row}"
    );
    assert_eq!(app.count("players"), 2);
    // The list of players: French headings for a French reader, the codes for an English one;
    // the numbers as they are in both.
    let path = format!("/tournaments/{t}/players.csv");
    for (language, header) in [
        (
            "fr",
            "id,nom,club,pays,elo,année_naissance,sexe,titre,fédération,identifiant_registre,retiré",
        ),
        (
            "en",
            "id,name,club,country,rating,birth_year,gender,title,federation,register_id,withdrawn",
        ),
    ] {
        let r = organiser.get_in(language, &path).await;
        assert_eq!(r.status.as_u16(), 200, "{}", r.body);
        let first = r
            .body
            .trim_start_matches('\u{feff}')
            .lines()
            .next()
            .unwrap();
        assert_eq!(first, header);
        assert!(
            r.body.contains("Aïcha Ouédraogo,Ouagadougou,BF,1750"),
            "{}",
            r.body
        );
        // What was exported in either language imports again as it is.
        let again = crate::helpers::create_tournament(&organiser, "Encore").await;
        let rows: String = r
            .body
            .trim_start_matches('\u{feff}')
            .lines()
            .map(|l| l.split(',').skip(1).take(8).collect::<Vec<_>>().join(","))
            .collect::<Vec<_>>()
            .join("\n");
        let r = organiser
            .send(
                Method::POST,
                &format!("/api/tournaments/{again}/players/import"),
                Some("text/csv"),
                rows.into_bytes(),
            )
            .await;
        assert_eq!(r.status.as_u16(), 201, "{language}: {}", r.body);
    }
}
