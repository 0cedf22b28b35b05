//! A whole tournament as a file, on the server's machine: `export-tournament` writes one,
//! `import-tournament` makes a new tournament from one once every sheet and result in it has
//! been replayed (the same as the organiser's pages do).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;

use crate::service::{Actor, ServiceError, archive};
use crate::tournament::TournamentId;

#[derive(Debug, Args)]
pub struct ExportArgs {
    /// The tournament's number (as in its address, `/tournaments/ID`).
    pub id: i32,
    /// The file to write (must not exist yet).
    pub file: PathBuf,
    /// SQLite file (default oware.db, or DATABASE_URL).
    #[arg(long)]
    pub database: Option<String>,
}

#[derive(Debug, Args)]
pub struct ImportArgs {
    /// A tournament file written by `export-tournament` or the tournament's page.
    pub file: PathBuf,
    /// SQLite file (default oware.db, or DATABASE_URL).
    #[arg(long)]
    pub database: Option<String>,
}

/// A connection to the database named on the command line or in the environment.
pub(super) fn connection(
    database: Option<String>,
) -> Result<
    diesel::r2d2::PooledConnection<diesel::r2d2::ConnectionManager<diesel::SqliteConnection>>,
    ExitCode,
> {
    let mut config = crate::config::Config::from_env().map_err(|e| {
        eprintln!("oware-tournament: {e}");
        ExitCode::from(2)
    })?;
    if let Some(database) = database {
        config.database_url = database;
    }
    let pool = crate::db::open(&config.database_url, 1).map_err(|e| {
        eprintln!("oware-tournament: {e}");
        ExitCode::FAILURE
    })?;
    pool.get().map_err(|e| {
        eprintln!("oware-tournament: {}", ServiceError::from(e));
        ExitCode::FAILURE
    })
}

/// What a refusal exits with: 2 for what the file or the arguments say, 1 for the rest.
pub(super) fn failed(e: &ServiceError) -> ExitCode {
    eprintln!(
        "oware-tournament: {}",
        crate::wording::refusals::failure(crate::locale::Lang::ENGLISH, e)
    );
    match e {
        ServiceError::Invalid(_) | ServiceError::NotFound(_) => ExitCode::from(2),
        _ => ExitCode::FAILURE,
    }
}

/// `export-tournament ID FILE`.
pub fn run_export(args: ExportArgs) -> ExitCode {
    if args.file.exists() {
        eprintln!(
            "oware-tournament: {} exists already; choose a new file",
            args.file.display()
        );
        return ExitCode::from(2);
    }
    let mut conn = match connection(args.database) {
        Ok(conn) => conn,
        Err(code) => return code,
    };
    let file = match archive::export(&mut conn, &Actor::CommandLine, TournamentId(args.id)) {
        Ok(file) => file,
        Err(e) => return failed(&e),
    };
    let text = serde_json::to_string_pretty(&file).expect("a tournament file serialises");
    if let Err(e) = std::fs::write(&args.file, text) {
        eprintln!(
            "oware-tournament: cannot write {}: {e}",
            args.file.display()
        );
        return ExitCode::FAILURE;
    }
    println!(
        "Wrote {} ({} players, {} rounds, {} games, {} sheets, {} audit entries).",
        args.file.display(),
        file.players.len(),
        file.rounds.len(),
        file.games.len(),
        file.sheets.len(),
        file.audit.len()
    );
    ExitCode::SUCCESS
}

/// `import-tournament FILE`: the new tournament, and each player's new PIN (shown only now).
pub fn run_import(args: ImportArgs) -> ExitCode {
    let text = match std::fs::read(&args.file) {
        Ok(bytes) => match String::from_utf8(bytes) {
            Ok(text) => text,
            Err(_) => {
                eprintln!(
                    "oware-tournament: {} is not UTF-8 text",
                    args.file.display()
                );
                return ExitCode::from(2);
            }
        },
        Err(e) => {
            eprintln!("oware-tournament: cannot read {}: {e}", args.file.display());
            return ExitCode::from(2);
        }
    };
    let (file, checked) = match archive::read(&text) {
        Ok(read) => read,
        Err(e) => return failed(&e),
    };
    let pins = crate::service::players::new_pins(file.players.len());
    let mut conn = match connection(args.database) {
        Ok(conn) => conn,
        Err(code) => return code,
    };
    match archive::import(&mut conn, &Actor::CommandLine, &file, &checked, &pins) {
        Ok(imported) => {
            println!(
                "Imported tournament {} ({}): {} players, {} rounds, {} games, {} sheets, every \
                 one replayed.",
                imported.tournament.id,
                imported.tournament.name,
                imported.pins.len(),
                imported.rounds,
                imported.games,
                imported.sheets
            );
            println!("The players' new PINs, shown only now:");
            for slip in &imported.pins {
                println!("{}\t{}", slip.pin, slip.name);
            }
            ExitCode::SUCCESS
        }
        Err(e) => failed(&e),
    }
}

#[derive(Debug, Args)]
pub struct SiteArgs {
    /// The tournament's number (as in its address, `/tournaments/ID`).
    pub id: i32,
    /// The folder to write the site to (new, or empty).
    pub dir: PathBuf,
    /// SQLite file (default oware.db, or DATABASE_URL).
    #[arg(long)]
    pub database: Option<String>,
    /// The pages' language (`en`, `fr`, ...); the tournament's own by default.
    #[arg(long)]
    pub lang: Option<String>,
}

/// Refuses a folder that is not new or empty: a site is never written over other files.
pub(super) fn new_folder(dir: &Path) -> Result<(), ExitCode> {
    let taken = std::fs::read_dir(dir).is_ok_and(|mut d| d.next().is_some());
    if taken || dir.is_file() {
        eprintln!(
            "oware-tournament: {} is not an empty folder; choose a new one",
            dir.display()
        );
        return Err(ExitCode::from(2));
    }
    Ok(())
}

/// The pages' language by its code.
pub(super) fn language(code: &str) -> Result<crate::locale::Lang, ExitCode> {
    crate::locale::Lang::from_code(code).ok_or_else(|| {
        let known: Vec<&str> = crate::locale::Lang::all().map(|l| l.code()).collect();
        eprintln!(
            "oware-tournament: no pages in {code:?}; the languages are {}",
            known.join(", ")
        );
        ExitCode::from(2)
    })
}

/// Writes a static site's files under `dir`, and says where to open it.
pub(super) fn write_site(dir: &Path, files: &[crate::web::site::SiteFile]) -> ExitCode {
    for (path, bytes) in files {
        let target = dir.join(path);
        let written = target
            .parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .and_then(|()| std::fs::write(&target, bytes));
        if let Err(e) = written {
            eprintln!("oware-tournament: cannot write {}: {e}", target.display());
            return ExitCode::FAILURE;
        }
    }
    println!(
        "Wrote {} files to {}: open {} in a browser, or copy the folder to any web host.",
        files.len(),
        dir.display(),
        dir.join("index.html").display()
    );
    ExitCode::SUCCESS
}

/// `export-site ID DIR`: the tournament as plain files, viewable from a disk or any web host.
pub fn run_site(args: SiteArgs) -> ExitCode {
    if let Err(code) = new_folder(&args.dir) {
        return code;
    }
    let mut conn = match connection(args.database) {
        Ok(conn) => conn,
        Err(code) => return code,
    };
    let code = match args.lang {
        Some(code) => code,
        None => match crate::service::tournaments::language(&mut conn, TournamentId(args.id)) {
            Ok(code) => code,
            Err(e) => return failed(&e),
        },
    };
    let lang = match language(&code) {
        Ok(lang) => lang,
        Err(code) => return code,
    };
    // The endgame tables the service reads, for where each game was lost.
    let dir = std::env::var_os(crate::config::ENDGAME_DIR).map(std::path::PathBuf::from);
    let endgames = match crate::service::endgames::Endgames::configured(dir.as_deref()) {
        Ok(endgames) => endgames,
        Err(e) => {
            eprintln!("oware-tournament: {}: {e}", crate::config::ENDGAME_DIR);
            return ExitCode::from(2);
        }
    };
    match crate::web::site::files(&mut conn, TournamentId(args.id), lang, &endgames) {
        Ok(files) => write_site(&args.dir, &files),
        Err(e) => failed(&e),
    }
}
