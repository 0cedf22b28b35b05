//! A circuit's files: `circuit RULES CIRCUIT.csv DIR` recomputes `standings.csv`, `points.csv`
//! and `qualified.csv` from the rules (`rules.json`) and every result (`circuit.csv`), byte for
//! byte as the hub publishes them at `/circuits/{id}/<file>`, so that anyone can check them;
//! `export-circuit ID DIR` writes a hub's circuit as a static site.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;

use crate::circuit::files::{FILES, publish, read_results};
use crate::circuit::{Rules, standings};

#[derive(Debug, Args)]
pub struct CircuitArgs {
    /// The circuit's rules (`rules.json`, as the hub publishes it).
    pub rules: PathBuf,
    /// Every result of its counting events (`circuit.csv`).
    pub results: PathBuf,
    /// Where `standings.csv`, `points.csv` and `qualified.csv` are written.
    pub dir: PathBuf,
}

fn failed(file: &Path, e: impl std::fmt::Display, code: u8) -> ExitCode {
    eprintln!("oware-tournament: {}: {e}", file.display());
    ExitCode::from(code)
}

pub fn run(args: &CircuitArgs) -> ExitCode {
    let read = |file: &Path| std::fs::read_to_string(file).map_err(|e| failed(file, e, 2));
    let rules = match read(&args.rules).and_then(|text| {
        let rules: Rules = serde_json::from_str(&text).map_err(|e| failed(&args.rules, e, 2))?;
        rules.check().map_err(|e| failed(&args.rules, e, 2))?;
        Ok(rules)
    }) {
        Ok(rules) => rules,
        Err(code) => return code,
    };
    let results = match read(&args.results)
        .and_then(|text| read_results(&text).map_err(|e| failed(&args.results, e, 2)))
    {
        Ok(results) => results,
        Err(code) => return code,
    };
    if let Err(e) = std::fs::create_dir_all(&args.dir) {
        return failed(&args.dir, e, 1);
    }
    let files = publish(&rules, &results);
    // The rules and the results are the inputs: only what they give is written.
    for (name, text) in FILES.iter().zip(&files).skip(2) {
        let file = args.dir.join(name);
        if let Err(e) = std::fs::write(&file, text) {
            return failed(&file, e, 1);
        }
    }
    let s = standings(&rules, &results);
    println!(
        "{} results, {} persons{}",
        results.len(),
        s.rows.len(),
        if s.provisional { ", provisional" } else { "" }
    );
    ExitCode::SUCCESS
}

#[derive(Debug, Args)]
pub struct ExportArgs {
    /// The circuit's number on the hub.
    pub id: i32,
    /// A new (or empty) folder.
    pub dir: PathBuf,
    /// SQLite file (default oware.db, or DATABASE_URL).
    #[arg(long)]
    pub database: Option<String>,
    /// The pages' language (`en`, `fr`, ...).
    #[arg(long, default_value = "en")]
    pub lang: String,
}

/// `export-circuit ID DIR`: the circuit as plain files (its standings, each category's, each
/// person's card, the qualification and the five files), viewable from a disk or any web host.
pub fn run_export(args: ExportArgs) -> ExitCode {
    use super::tournaments::{connection, failed, language, new_folder, write_site};
    if let Err(code) = new_folder(&args.dir) {
        return code;
    }
    let lang = match language(&args.lang) {
        Ok(lang) => lang,
        Err(code) => return code,
    };
    let mut conn = match connection(args.database) {
        Ok(conn) => conn,
        Err(code) => return code,
    };
    let computed = crate::service::circuits::compute(
        &mut conn,
        args.id,
        &crate::service::circuits::Reports::new(),
    );
    match computed.and_then(|c| crate::web::circuit_site::files(c, lang)) {
        Ok(files) => write_site(&args.dir, &files),
        Err(e) => failed(&e),
    }
}
