//! The rating list's files: `ratings GAMES.csv DIR` recomputes `list.csv` and `history.csv`
//! from `games.csv` (and the names and federations of `persons.csv`), byte for byte as the hub
//! publishes them, so that anyone can check the list.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;

use crate::rating::files::{read_games, read_persons};
use crate::rating::season::{rate, write_history, write_list};

#[derive(Debug, Args)]
pub struct RatingsArgs {
    /// The rated games (`games.csv`, as the hub publishes it).
    pub games: PathBuf,
    /// Where `list.csv` and `history.csv` are written.
    pub dir: PathBuf,
    /// The register (`persons.csv`), for the names and federations of the list; by default the
    /// `persons.csv` beside the games, when there is one.
    #[arg(long)]
    pub persons: Option<PathBuf>,
}

fn read(file: &Path) -> Result<String, ExitCode> {
    std::fs::read_to_string(file).map_err(|e| {
        eprintln!("oware-tournament: {}: {e}", file.display());
        ExitCode::from(2)
    })
}

pub fn run_ratings(args: &RatingsArgs) -> ExitCode {
    match ratings(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(code) => code,
    }
}

fn ratings(args: &RatingsArgs) -> Result<(), ExitCode> {
    let games = read_games(&read(&args.games)?).map_err(|e| {
        eprintln!("oware-tournament: {}: {e}", args.games.display());
        ExitCode::from(2)
    })?;
    let beside = args.games.with_file_name("persons.csv");
    let persons_file = match &args.persons {
        Some(file) => Some(file.clone()),
        None => beside.exists().then_some(beside),
    };
    let mut persons = HashMap::new();
    if let Some(file) = persons_file {
        let rows = read_persons(&read(&file)?).map_err(|e| {
            eprintln!("oware-tournament: {}: {e}", file.display());
            ExitCode::from(2)
        })?;
        persons.extend(rows.into_iter().map(|p| (p.id, p)));
    }
    let season = rate(&games);
    let write = |name: &str, text: String| {
        let file = args.dir.join(name);
        std::fs::write(&file, text).map_err(|e| {
            eprintln!("oware-tournament: {}: {e}", file.display());
            ExitCode::from(1)
        })
    };
    std::fs::create_dir_all(&args.dir).map_err(|e| {
        eprintln!("oware-tournament: {}: {e}", args.dir.display());
        ExitCode::from(1)
    })?;
    write("list.csv", write_list(&season, &persons))?;
    write("history.csv", write_history(&season))?;
    println!(
        "{} games, {} persons, periods {} to {}",
        games.len(),
        season.list.len(),
        season.first.map(|p| p.to_string()).unwrap_or_default(),
        season.last.map(|p| p.to_string()).unwrap_or_default()
    );
    Ok(())
}

#[derive(Debug, Args)]
pub struct PublishArgs {
    /// Where the five files (`games.csv`, `list.csv`, `history.csv`, `tournaments.csv`,
    /// `persons.csv`) are written.
    pub dir: PathBuf,
    /// SQLite file (default oware.db, or DATABASE_URL).
    #[arg(long)]
    pub database: Option<String>,
}

/// `publish-ratings DIR`: the hub's published files, as `/ratings/<file>` serves them.
pub fn run_publish(args: PublishArgs) -> ExitCode {
    let mut conn = match super::tournaments::connection(args.database) {
        Ok(conn) => conn,
        Err(code) => return code,
    };
    let files = match crate::service::ratings::published(&mut conn) {
        Ok(files) => files,
        Err(e) => return super::tournaments::failed(&e),
    };
    if let Err(e) = std::fs::create_dir_all(&args.dir) {
        eprintln!("oware-tournament: {}: {e}", args.dir.display());
        return ExitCode::FAILURE;
    }
    let texts = [
        files.games,
        files.list,
        files.history,
        files.tournaments,
        files.persons,
    ];
    for (name, text) in crate::service::ratings::FILES.iter().zip(texts) {
        let file = args.dir.join(name);
        if let Err(e) = std::fs::write(&file, text) {
            eprintln!("oware-tournament: {}: {e}", file.display());
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}

#[derive(Debug, Args)]
pub struct RegisterArgs {
    /// The file to write: the whole register (`persons.csv` with birth years and licences), for
    /// a venue to import before its event.
    pub file: PathBuf,
    /// SQLite file (default oware.db, or DATABASE_URL).
    #[arg(long)]
    pub database: Option<String>,
}

/// `export-register FILE`.
pub fn run_export_register(args: RegisterArgs) -> ExitCode {
    let mut conn = match super::tournaments::connection(args.database) {
        Ok(conn) => conn,
        Err(code) => return code,
    };
    let actor = crate::service::Actor::CommandLine;
    match crate::service::register::register_file(&mut conn, &actor) {
        Ok(text) => match std::fs::write(&args.file, text) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("oware-tournament: {}: {e}", args.file.display());
                ExitCode::FAILURE
            }
        },
        Err(e) => super::tournaments::failed(&e),
    }
}
