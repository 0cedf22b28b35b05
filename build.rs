//! Embeds what the binary carries: the migrations (rebuilt when one changes) and the message
//! files of every language, `locales/<code>/*.ftl`, listed in `$OUT_DIR/catalogues.rs`. Adding a
//! language is adding its folder.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    println!("cargo:rerun-if-changed=migrations");
    println!("cargo:rerun-if-changed=locales");
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("locales");
    let mut languages: Vec<(String, Vec<String>)> = Vec::new();
    for entry in std::fs::read_dir(&root).expect("the locales folder") {
        let dir = entry.expect("a folder of locales").path();
        if !dir.is_dir() {
            continue;
        }
        println!("cargo:rerun-if-changed={}", dir.display());
        let code = dir.file_name().unwrap().to_string_lossy().into_owned();
        let mut files: Vec<String> = std::fs::read_dir(&dir)
            .expect("a language's folder")
            .map(|f| f.expect("a message file").path())
            .filter(|f| f.extension().is_some_and(|e| e == "ftl"))
            .map(|f| f.display().to_string())
            .collect();
        files.sort();
        for file in &files {
            println!("cargo:rerun-if-changed={file}");
        }
        languages.push((code, files));
    }
    // English first: the language every other falls back to.
    languages.sort_by_key(|(code, _)| (code != "en", code.clone()));
    assert_eq!(
        languages.first().map(|(c, _)| c.as_str()),
        Some("en"),
        "locales/en is the reference language"
    );
    let mut out = String::from("/// Every language's code and message files, English first.\n");
    out.push_str("pub(crate) const CATALOGUES: &[(&str, &[(&str, &str)])] = &[\n");
    for (code, files) in &languages {
        writeln!(out, "    ({code:?}, &[").unwrap();
        for file in files {
            let name = Path::new(file).file_name().unwrap().to_string_lossy();
            writeln!(out, "        ({name:?}, include_str!({file:?})),").unwrap();
        }
        out.push_str("    ]),\n");
    }
    out.push_str("];\n");
    let target = Path::new(&std::env::var("OUT_DIR").unwrap()).join("catalogues.rs");
    std::fs::write(target, out).expect("writing the catalogues");
}
