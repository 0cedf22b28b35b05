//! The command line, by audience: the service and its administration (`admin.rs`: `serve`,
//! `backup`, `user`), a whole tournament's file and its static site (`tournaments.rs`:
//! `export-tournament`, `import-tournament`, `export-site`, which renders the pages with
//! `web::site`), the engine's files (`engine.rs`: `replay`, `validate`, `perft`; `endgame.rs`: `endgame build`, `endgame value`) and FIDE's
//! files (`fide.rs`: `standings`, `pair`, `check`, `generate`) and the rating list's
//! (`ratings.rs`: `ratings`, `publish-ratings`, `export-register`) and a circuit's (`circuits.rs`:
//! `circuit`). Each command's arguments are
//! beside its handler.

mod admin;
mod circuits;
mod endgame;
mod engine;
mod fide;
mod ratings;
mod tournaments;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

pub use engine::{
    BadGame, FileReport, error_account, error_json, error_json_with, replay_account, replay_json,
    replay_text, suggestions_account, validate_text, validate_text_with,
};
pub use fide::pairing_text;

#[derive(Debug, Parser)]
#[command(
    name = "oware-tournament",
    version,
    about = "Oware tournaments: score sheets verified by replay, pairings and standings"
)]
pub struct Cli {
    /// With no command, the service runs (as `serve`).
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run the web service (the default).
    Serve(admin::ServeArgs),
    /// Copy the database consistently (also while the service runs) to a new file.
    Backup(admin::BackupArgs),
    /// Manage staff accounts.
    User(admin::UserArgs),
    /// Write a whole tournament (players, rounds, games, every sheet with its moves, the audit
    /// trail) to a file another copy of this service imports.
    ExportTournament(tournaments::ExportArgs),
    /// Make a new tournament from a tournament file, once every sheet and result in it has been
    /// replayed under its rules; prints the players' new PINs.
    ImportTournament(tournaments::ImportArgs),
    /// Write a tournament as a static site (standings, crosstable, rounds, players, every game
    /// with its replay, CSV and OGN) to a folder, viewable from a disk or any web host; with
    /// OWARE_ENDGAME_DIR set as for `serve`, each game says where it was lost.
    ExportSite(tournaments::SiteArgs),
    /// Replay one game (a move list or an OGN record) and print what happened.
    Replay(engine::ReplayArgs),
    /// Check many games (OGN files, or one move list per line); one line per bad game.
    Validate(engine::ValidateArgs),
    /// Count the move sequences of a given length.
    Perft(engine::PerftArgs),
    /// Exact endgame values: build a rule set's table, or ask what the tables say of a
    /// position.
    Endgame(endgame::EndgameArgs),
    /// Print a tournament's standings (a TRF file) with FIDE tie-breaks, tab separated.
    Standings(fide::StandingsArgs),
    /// Write a random tournament, paired by this program, as a TRF file.
    Generate(fide::GenerateArgs),
    /// Pair a tournament's next round (a TRF file) by the FIDE Dutch system: one line per
    /// board, `white black` starting numbers, then `bye` lines.
    Pair(fide::FileArgs),
    /// Re-pair every round of a tournament (a TRF file) from the rounds before it and list the
    /// rounds whose pairing is not the FIDE Dutch system's.
    Check(fide::FileArgs),
    /// Recompute the rating list (`list.csv`, `history.csv`) from its games (`games.csv`), byte
    /// for byte as the hub publishes it.
    Ratings(ratings::RatingsArgs),
    /// Write the rating list's published files from the database (as the hub serves them at
    /// `/ratings/<file>`).
    PublishRatings(ratings::PublishArgs),
    /// Write the whole register of persons, for a venue to import before its event.
    ExportRegister(ratings::RegisterArgs),
    /// Recompute a circuit's standings and qualification (`standings.csv`, `points.csv`,
    /// `qualified.csv`) from its rules and results, byte for byte as the hub publishes them.
    Circuit(circuits::CircuitArgs),
    /// Write a hub's circuit as a static site (its standings, each category's, each person's
    /// card, the qualification, the files anyone recomputes it from) to a folder.
    ExportCircuit(circuits::ExportArgs),
}

/// Runs a parsed command line.
pub fn run(command: Option<Command>) -> ExitCode {
    match command.unwrap_or(Command::Serve(admin::ServeArgs::default())) {
        Command::Serve(args) => admin::serve(args),
        Command::User(args) => admin::user(args),
        Command::Backup(args) => admin::backup(&args),
        Command::ExportTournament(args) => tournaments::run_export(args),
        Command::ImportTournament(args) => tournaments::run_import(args),
        Command::ExportSite(args) => tournaments::run_site(args),
        Command::Replay(args) => engine::run_replay(&args),
        Command::Validate(args) => engine::run_validate(&args),
        Command::Perft(args) => engine::run_perft(&args),
        Command::Endgame(args) => endgame::run(args),
        Command::Standings(args) => fide::run_standings(&args),
        Command::Generate(args) => fide::run_generate(&args),
        Command::Pair(args) => fide::run_pair(&args.file),
        Command::Check(args) => fide::run_check(&args.file),
        Command::Ratings(args) => ratings::run_ratings(&args),
        Command::PublishRatings(args) => ratings::run_publish(args),
        Command::ExportRegister(args) => ratings::run_export_register(args),
        Command::Circuit(args) => circuits::run(&args),
        Command::ExportCircuit(args) => circuits::run_export(args),
    }
}
