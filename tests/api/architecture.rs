//! The layers as `docs/architecture.md` draws them, read from the source: which module may use
//! which, and no two modules that use each other.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::Path;

/// The source modules (`service::rounds`, `service` for `service/mod.rs`, `cli`), each with its
/// text.
fn modules() -> BTreeMap<String, String> {
    let mut found = BTreeMap::new();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut dirs = vec![root.clone()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
                continue;
            }
            let relative = path.strip_prefix(&root).unwrap().with_extension("");
            let mut parts: Vec<String> = relative
                .iter()
                .map(|p| p.to_string_lossy().to_string())
                .collect();
            if parts.last().is_some_and(|p| p == "mod") {
                parts.pop();
            }
            found.insert(parts.join("::"), std::fs::read_to_string(&path).unwrap());
        }
    }
    found
}

/// The text with comments taken out (doc examples name modules too).
fn code(text: &str) -> String {
    text.lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The paths the module names: `crate::a::b` and `super::b` as written, braces expanded one
/// level (`crate::a::{b, c::d}` gives `a::b` and `a::c::d`), relative to the crate.
fn paths(module: &str, text: &str) -> Vec<Vec<String>> {
    let parent: Vec<String> = {
        let mut p: Vec<String> = module.split("::").map(str::to_string).collect();
        p.pop();
        p
    };
    let is_mod_rs = |m: &str| {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("src")
            .join(m.replace("::", "/"));
        dir.is_dir()
    };
    // In a mod.rs, `super` is the module above the folder; `self` paths name the folder's own.
    let base_for_super = if is_mod_rs(module) {
        let mut p = parent.clone();
        p.pop();
        p
    } else {
        parent.clone()
    };
    let mut out = Vec::new();
    let text = code(text);
    let bytes: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < bytes.len() {
        let rest: String = bytes[i..bytes.len().min(i + 7)].iter().collect();
        let (prefix, base) = if rest.starts_with("crate::") {
            ("crate::", Vec::new())
        } else if rest.starts_with("super::") {
            ("super::", base_for_super.clone())
        } else {
            i += 1;
            continue;
        };
        let preceded_by_ident = i > 0 && (bytes[i - 1].is_alphanumeric() || bytes[i - 1] == '_');
        i += prefix.len();
        if preceded_by_ident {
            continue;
        }
        let mut segments = base.clone();
        loop {
            let start = i;
            while i < bytes.len() && (bytes[i].is_alphanumeric() || bytes[i] == '_') {
                i += 1;
            }
            if i > start {
                segments.push(bytes[start..i].iter().collect());
            }
            let group_at = if bytes[i..].starts_with(&['{']) {
                Some(i + 1)
            } else if bytes[i..].starts_with(&[':', ':', '{']) {
                Some(i + 3)
            } else {
                None
            };
            if let Some(open) = group_at {
                let end = bytes[i..].iter().position(|&c| c == '}').unwrap() + i;
                let group: String = bytes[open..end].iter().collect();
                for item in group.split(',') {
                    let item = item.trim().split(" as ").next().unwrap().trim();
                    let mut full = segments.clone();
                    if item != "self" && !item.is_empty() {
                        full.extend(item.split("::").map(|s| s.trim().to_string()));
                    }
                    out.push(full);
                }
                i = end + 1;
                break;
            }
            if bytes[i..].starts_with(&[':', ':']) {
                i += 2;
                continue;
            }
            out.push(segments);
            break;
        }
    }
    out
}

/// The module a path lands in: the deepest source module it names, with names a folder's mod.rs
/// re-exports (`pub use rounds::RoundView`) followed to where they are defined.
fn target(
    path: &[String],
    modules: &BTreeMap<String, String>,
    reexports: &HashMap<(String, String), String>,
) -> Option<String> {
    let mut best = None;
    for n in 1..=path.len() {
        let candidate = path[..n].join("::");
        if modules.contains_key(&candidate) {
            best = Some(candidate.clone());
            if let Some(name) = path.get(n)
                && let Some(real) = reexports.get(&(candidate.clone(), name.clone()))
            {
                best = Some(real.clone());
            }
        }
    }
    best
}

/// Every `pub use child::{A, B}` of every folder's mod.rs.
fn reexports(modules: &BTreeMap<String, String>) -> HashMap<(String, String), String> {
    let mut map = HashMap::new();
    for (module, text) in modules {
        for line in code(text).split(';') {
            let Some(rest) = line.trim().strip_prefix("pub use ") else {
                continue;
            };
            let Some((child, names)) = rest.split_once("::") else {
                continue;
            };
            let child_module = format!("{module}::{child}");
            if !modules.contains_key(&child_module) {
                continue;
            }
            let names = names.trim_matches(|c| c == '{' || c == '}' || c == ' ');
            for name in names.split(',') {
                let name = name.trim().split("::").last().unwrap().trim();
                map.insert((module.clone(), name.to_string()), child_module.clone());
            }
        }
    }
    map
}

/// A module's text before its unit tests (`#[cfg(test)] mod tests`, its end): a module's tests
/// may use what uses the module, as they drive it through the workflows around it.
fn without_unit_tests(text: &str) -> &str {
    text.split("#[cfg(test)]\nmod tests").next().unwrap_or("")
}

/// Which module uses which (a folder's mod.rs does not use its own children: it declares and
/// re-exports them).
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let modules = modules();
    let reexports = reexports(&modules);
    modules
        .iter()
        .map(|(module, text)| {
            let uses = paths(module, without_unit_tests(text))
                .iter()
                .filter_map(|p| target(p, &modules, &reexports))
                .filter(|t| t != module && !t.starts_with(&format!("{module}::")))
                .collect();
            (module.clone(), uses)
        })
        .collect()
}

fn layer(module: &str) -> &str {
    module.split("::").next().unwrap()
}

#[test]
fn the_layers_use_only_what_is_below_them() {
    let modules = modules();
    for (module, text) in &modules {
        let text = code(text);
        match layer(module) {
            "engine" | "tournament" | "fide" | "rating" | "circuit" => {
                for library in ["diesel", "actix"] {
                    assert!(!text.contains(library), "{module} uses {library}");
                }
            }
            "service" | "wording" => assert!(!text.contains("actix"), "{module} uses actix"),
            _ => {}
        }
    }
    let allowed: HashMap<&str, &[&str]> = HashMap::from([
        ("engine", &[][..]),
        // FIDE's algorithms could be a crate of their own: nothing else of the project.
        ("fide", &[][..]),
        // The rating list's mathematics and files: nothing else of the project either.
        ("rating", &[][..]),
        // A season's circuits: their points, standings and files, from the lots and exact
        // numbers of the domain and the files' reading of the rating list.
        ("circuit", &["tournament", "rating"][..]),
        // The message files and the words of numbers and dates: nothing else of the project.
        ("locale", &[][..]),
        ("tournament", &["engine", "fide"][..]),
        ("db", &["tournament", "auth"][..]),
        ("auth", &["tournament"][..]),
        (
            "service",
            &[
                "tournament",
                "fide",
                "engine",
                "rating",
                "circuit",
                "db",
                "auth",
            ][..],
        ),
        // The words of the facts, for the pages and the command line alike.
        (
            "wording",
            &[
                "service",
                "tournament",
                "fide",
                "engine",
                "rating",
                "circuit",
                "locale",
            ][..],
        ),
        (
            "cli",
            &[
                "engine",
                "fide",
                "rating",
                "circuit",
                "tournament",
                "service",
                "db",
                "auth",
                "startup",
                "config",
                "locale",
                "wording",
                // `export-site` renders the pages as the service does.
                "web",
            ][..],
        ),
        (
            "web",
            &[
                "service",
                "tournament",
                "fide",
                "engine",
                "rating",
                "circuit",
                "db",
                "auth",
                "config",
                "locale",
                "wording",
            ][..],
        ),
        ("startup", &["web", "db", "auth", "config", "service"][..]),
    ]);
    for (module, uses) in graph() {
        let own = layer(&module);
        let Some(may) = allowed.get(own) else {
            continue;
        };
        for used in uses {
            let theirs = layer(&used);
            assert!(
                theirs == own || may.contains(&theirs),
                "{module} uses {used}: {own} may use only {may:?}"
            );
        }
    }
}

#[test]
fn no_two_modules_use_each_other() {
    let graph = graph();
    // Depth-first search for a path back to where it started.
    fn reaches(
        graph: &BTreeMap<String, BTreeSet<String>>,
        from: &str,
        to: &str,
        seen: &mut BTreeSet<String>,
        trail: &mut Vec<String>,
    ) -> bool {
        for next in graph.get(from).into_iter().flatten() {
            trail.push(next.clone());
            if next == to || (seen.insert(next.clone()) && reaches(graph, next, to, seen, trail)) {
                return true;
            }
            trail.pop();
        }
        false
    }
    for module in graph.keys() {
        let mut trail = vec![module.clone()];
        let circle = reaches(&graph, module, module, &mut BTreeSet::new(), &mut trail);
        assert!(
            !circle,
            "modules that use each other: {}",
            trail.join(" -> ")
        );
    }
}

#[test]
fn the_check_sees_a_circle_and_a_layer_crossed() {
    // The reader of paths finds what the checks above rely on.
    let found = paths(
        "service::rounds",
        "use super::views::{GameView, names};\nuse crate::tournament::{self, GameId};\nlet x = crate::web::AppState; // crate::nothing",
    );
    let found: Vec<String> = found.iter().map(|p| p.join("::")).collect();
    assert!(
        found.contains(&"service::views::GameView".to_string()),
        "{found:?}"
    );
    assert!(found.contains(&"tournament".to_string()), "{found:?}");
    assert!(
        found.contains(&"tournament::GameId".to_string()),
        "{found:?}"
    );
    assert!(found.contains(&"web::AppState".to_string()), "{found:?}");
    assert!(!found.iter().any(|p| p.contains("nothing")), "{found:?}");
    let graph = graph();
    assert!(graph["service::round_views"].contains("service::views"));
    assert!(graph["web::games"].contains("service::games"));
    // `use super::{Actor, ...}` in a service module is followed to where Actor is defined.
    assert!(
        graph["service::rounds"].contains("service::actor"),
        "{:?}",
        graph["service::rounds"]
    );
}

/// Where each function of `text` starts and how many lines it spans: from its `fn` line to the
/// closing brace at the same indentation (rustfmt's layout), or to its `;` when it has no body.
fn function_lengths(text: &str) -> Vec<(usize, String, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let trimmed = line.trim_start();
        let indent = &line[..line.len() - trimmed.len()];
        let signature = ["pub ", "pub(crate) ", "pub(super) ", "async ", "const "]
            .iter()
            .fold(trimmed, |rest, prefix| {
                rest.strip_prefix(prefix).unwrap_or(rest)
            });
        let Some(rest) = signature.strip_prefix("fn ") else {
            continue;
        };
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if name.is_empty() {
            continue;
        }
        let closing = format!("{indent}}}");
        let mut end = i;
        let mut opened = line.contains('{');
        while end < lines.len() {
            let l = lines[end];
            opened |= l.contains('{');
            if end == i && l.trim_end().ends_with('}') && opened {
                break;
            }
            if !opened && l.trim_end().ends_with(';') {
                break;
            }
            if end > i && l == closing {
                break;
            }
            end += 1;
        }
        out.push((i + 1, name, end - i + 1));
    }
    out
}

/// The code of a module without its unit tests (a file's `#[cfg(test)]` part is its end).
fn code_outside_tests(text: &str) -> String {
    code(text.split("#[cfg(test)]").next().unwrap_or(""))
}

/// Where a text names one of a format's variants, or reads a tournament's format by its parts:
/// each as `place: line`.
fn format_comparisons(place: &str, text: &str) -> Vec<String> {
    const VARIANTS: [&str; 7] = [
        "Format::Swiss",
        "Format::RoundRobin",
        "Format::ByHand",
        "Format::Knockout",
        "Knockout::Single",
        "Knockout::Double",
        "PairingSystem::",
    ];
    const PARTS: [&str; 3] = [".pairing", ".third_place", ".double_elimination"];
    // A tournament's, its settings' or its stored row's part, as a whole word.
    let reads_a_part = |line: &str| {
        ["t", "settings", "stored", "s"].iter().any(|owner| {
            PARTS.iter().any(|part| {
                let name = format!("{owner}{part}");
                line.match_indices(&name).any(|(at, _)| {
                    let before = line[..at].chars().next_back();
                    let after = line[at + name.len()..].chars().next();
                    !before.is_some_and(|c| c.is_alphanumeric() || c == '_')
                        && !after.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '(')
                })
            })
        })
    };
    text.lines()
        .filter(|line| VARIANTS.iter().any(|n| line.contains(n)) || reads_a_part(line))
        .map(|line| format!("{place}: {}", line.trim()))
        .collect()
}

#[test]
fn a_format_is_asked_rather_than_compared_outside_its_own_file() {
    // `tournament/format.rs` answers every question asked of a format (one method, one
    // exhaustive match each): a new format is a variant there, and the compiler names every
    // answer it needs. Elsewhere a format is asked, never matched or compared.
    let mut found = Vec::new();
    for (module, text) in modules() {
        if module == "tournament::format" || module.ends_with("tests") {
            continue;
        }
        found.extend(format_comparisons(&module, &code_outside_tests(&text)));
    }
    let templates = Path::new(env!("CARGO_MANIFEST_DIR")).join("templates");
    let mut dirs = vec![templates.clone()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else {
                let place = path.strip_prefix(&templates).unwrap().display().to_string();
                let text = std::fs::read_to_string(&path).unwrap();
                found.extend(format_comparisons(&place, &text));
            }
        }
    }
    assert!(found.is_empty(), "formats compared: {found:#?}");
    // The check sees a comparison as written before formats were a type.
    assert_eq!(
        format_comparisons(
            "x",
            "if t.pairing == PairingSystem::Knockout || !t.double_elimination {"
        )
        .len(),
        1
    );
    for asked in [
        "if let Some(kind) = t.format.knockout() {",
        "third_place: t.format.third_place(),",
        "{% if f.pairing == \"swiss\" %} selected{% endif %}",
    ] {
        assert!(format_comparisons("x", asked).is_empty(), "{asked}");
    }
}

#[test]
fn handlers_name_the_checks_they_need_rather_than_making_them_by_hand() {
    // The role and CSRF checks are extractors (`web::plumbing::access`: `Staff`, `Organiser`, `Runs`,
    // `CheckedForm`, `CheckedUpload`); a handler names one among its arguments. Two places decide
    // something else with them, and are the only ones: the sheet form sent back with a fresh
    // token rather than refused, and the teams' form shown to organisers only.
    let allowed: HashMap<(&str, &str), usize> = HashMap::from([
        (("web::games", "check_csrf("), 1),
        (("web::teams", "access::organiser("), 1),
    ]);
    let mut by_hand = Vec::new();
    for (module, text) in modules() {
        if !module.starts_with("web::") || module == "web::plumbing::access" {
            continue;
        }
        let text = code(&text);
        for check in [
            "access::staff(",
            "access::organiser(",
            "check_csrf(",
            "csrf_matches(",
        ] {
            let found = text.matches(check).count();
            let may = allowed.get(&(module.as_str(), check)).copied().unwrap_or(0);
            if found > may {
                by_hand.push(format!("{module}: {check} {found} times"));
            }
        }
    }
    assert!(by_hand.is_empty(), "checks made by hand: {by_hand:#?}");
}

#[test]
fn no_source_file_is_longer_than_800_lines_nor_a_function_than_120() {
    let mut long = Vec::new();
    for (module, text) in modules() {
        let lines = text.lines().count();
        if lines > 800 {
            long.push(format!("{module}: {lines} lines"));
        }
        for (line, name, length) in function_lengths(&text) {
            if length > 120 {
                long.push(format!("{module}::{name} (line {line}): {length} lines"));
            }
        }
    }
    assert!(long.is_empty(), "too long: {long:#?}");
}

#[test]
fn the_length_check_measures_functions_as_rustfmt_lays_them_out() {
    let text = "fn one() {}\n\npub(super) fn two(\n    a: u32,\n) -> u32 {\n    a\n}\n\nimpl X {\n    pub async fn three(&self) {\n        if x {\n        }\n    }\n    fn four(&self);\n}\n";
    let found: Vec<(String, usize)> = function_lengths(text)
        .into_iter()
        .map(|(_, name, length)| (name, length))
        .collect();
    assert_eq!(
        found,
        [
            ("one".to_string(), 1),
            ("two".to_string(), 5),
            ("three".to_string(), 4),
            ("four".to_string(), 1)
        ]
    );
}

/// Whether `text` names `word` as a whole word.
fn names_word(text: &str, word: &str) -> bool {
    let is_part = |c: char| c.is_alphanumeric() || c == '_';
    text.match_indices(word).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        !before.is_some_and(is_part) && !after.is_some_and(is_part)
    })
}

#[test]
fn the_service_is_made_of_parts_and_no_part_uses_it() {
    // Its parts hold the connections and what they keep (`service/running.rs`); a workflow that
    // took the whole service would let every part use every other through it again.
    let users: Vec<String> = modules()
        .into_iter()
        .filter(|(module, _)| module.starts_with("service::") && module != "service::running")
        .filter(|(_, text)| names_word(&code(without_unit_tests(text)), "Service"))
        .map(|(module, _)| module)
        .collect();
    assert!(users.is_empty(), "{users:?} use Service");
    assert!(names_word("impl Service {", "Service"));
    assert!(!names_word("ServiceError", "Service"));
}
