//! The command line: `replay`, `validate` and `perft` around the engine.

use std::fmt::Write as _;
use std::io::{self, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use clap::builder::TypedValueParser as _;
use clap::{Args, Parser, Subcommand};
use serde::Serialize;

use crate::engine::notation::{Token, tokenize_into};
use crate::engine::ogn::{self, OgnGame};
use crate::engine::repair::{Suggestion, suggest};
use crate::engine::replay::{Checked, check};
use crate::engine::{
    DeclaredEnd, ErrorKind, Notation, Position, Preset, Replay, ReplayError, Rules, Side, perft,
    replay,
};

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
    Serve(ServeArgs),
    /// Copy the database consistently (also while the service runs) to a new file.
    Backup {
        /// The copy to write (must not exist yet).
        file: PathBuf,
        /// SQLite file (default oware.db, or DATABASE_URL).
        #[arg(long)]
        database: Option<String>,
    },
    /// Manage staff accounts.
    User {
        #[command(subcommand)]
        command: UserCommand,
    },
    /// Replay one game (a move list or an OGN record) and print what happened.
    Replay(ReplayArgs),
    /// Check many games (OGN files, or one move list per line); one line per bad game.
    Validate(ValidateArgs),
    /// Count the move sequences of a given length.
    Perft(PerftArgs),
    /// Print a tournament's standings (a TRF file) with FIDE tie-breaks, tab separated.
    Standings(StandingsArgs),
    /// Write a random tournament, paired by this program, as a TRF file.
    Generate(GenerateArgs),
    /// Pair a tournament's next round (a TRF file) by the FIDE Dutch system: one line per
    /// board, `white black` starting numbers, then `bye` lines.
    Pair {
        /// The tournament, as FIDE's Tournament Report File (TRF).
        file: PathBuf,
    },
    /// Re-pair every round of a tournament (a TRF file) from the rounds before it and list the
    /// rounds whose pairing is not the FIDE Dutch system's.
    Check {
        /// The tournament, as FIDE's Tournament Report File (TRF).
        file: PathBuf,
    },
}

#[derive(Debug, Args)]
pub struct GenerateArgs {
    #[arg(long)]
    pub players: usize,
    #[arg(long)]
    pub rounds: usize,
    /// The same seed gives the same tournament (default: a random one, named in line 012).
    #[arg(long)]
    pub seed: Option<u64>,
    /// The chance that a game is drawn.
    #[arg(long, default_value_t = 0.3)]
    pub draws: f64,
    /// The chance that a game is forfeited.
    #[arg(long, default_value_t = 0.02)]
    pub forfeits: f64,
    /// The chance that a player asks for a bye in a round.
    #[arg(long, default_value_t = 0.02)]
    pub byes: f64,
}

#[derive(Debug, Args)]
pub struct StandingsArgs {
    /// The tournament, as FIDE's Tournament Report File (TRF).
    pub file: PathBuf,
    /// Tie-break codes in order, separated by commas (`BH,BH-C1,SB,DE`; `BH/C1` also reads).
    #[arg(long, value_delimiter = ',', value_parser = checked_tiebreak_code)]
    pub tiebreaks: Vec<String>,
    /// The standings after this round (default: the last one played).
    #[arg(long)]
    pub after: Option<usize>,
    /// Count forfeits as round robins do (default: when line 092 says round robin or Berger).
    #[arg(long)]
    pub round_robin: bool,
}

/// A tie-break code, kept as written (the header repeats it) once it is known to read.
fn checked_tiebreak_code(s: &str) -> Result<String, String> {
    s.parse::<crate::fide::c07::Code>()
        .map(|_| s.trim().to_string())
}

#[derive(Debug, Args, Default)]
pub struct ServeArgs {
    /// Address to listen on (default 127.0.0.1:8080, or OWARE_BIND).
    #[arg(long)]
    pub bind: Option<String>,
    /// SQLite file (default oware.db, or DATABASE_URL).
    #[arg(long)]
    pub database: Option<String>,
}

#[derive(Debug, Subcommand)]
pub enum UserCommand {
    /// Add an organiser or controller account; asks for the password (or generates one when the
    /// answer is empty).
    Add {
        #[arg(long, value_parser = role_parser())]
        role: crate::auth::Role,
        name: String,
        /// SQLite file (default oware.db, or DATABASE_URL).
        #[arg(long)]
        database: Option<String>,
    },
}

#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// Rule preset (abapa, brettspielnetz, tournament, merkel, anan-anan); an OGN record's
    /// Variant tag is used when this is not given.
    #[arg(long, value_parser = parse_preset)]
    pub rules: Option<Preset>,
    /// auto, letters, relative or absolute.
    #[arg(long, default_value = "auto", value_parser = parse_notation)]
    pub notation: NotationChoice,
    /// natural, agreement, resignation:south|north or time:south|north (the loser).
    #[arg(long, value_parser = parse_end)]
    pub end: Option<DeclaredEnd>,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
    /// When the game is refused, also the single edits (a move replaced, two swapped, one left
    /// out or put in) that make the list replay to what it declares, best first.
    #[arg(long)]
    pub suggest: bool,
    /// The game's file; `-` or nothing for standard input.
    pub file: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct ValidateArgs {
    /// Rule preset of every game, instead of the records' Variant tags; without it, each
    /// record's Variant tag (abapa for records without one, and for move lists).
    #[arg(long, value_parser = parse_preset)]
    pub rules: Option<Preset>,
    /// OGN files or files of move lists (one game a line).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
}

#[derive(Debug, Args)]
pub struct PerftArgs {
    #[arg(long)]
    pub depth: u32,
    #[arg(long, default_value = "abapa", value_parser = parse_preset)]
    pub rules: Preset,
    /// Start position as a position string (default: the start of the game).
    #[arg(long, value_parser = parse_position)]
    pub position: Option<Position>,
    /// Count without the game's history: a repeated position does not end the game even under
    /// rules that end it so (the plain count other programs give).
    #[arg(long)]
    pub no_history: bool,
}

/// `auto` or a notation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotationChoice(pub Option<Notation>);

fn parse_preset(s: &str) -> Result<Preset, String> {
    s.parse()
        .map_err(|e: crate::engine::rules::UnknownPreset| e.to_string())
}

fn parse_notation(s: &str) -> Result<NotationChoice, String> {
    if s == "auto" {
        Ok(NotationChoice(None))
    } else {
        s.parse().map(|n| NotationChoice(Some(n)))
    }
}

fn parse_end(s: &str) -> Result<DeclaredEnd, String> {
    s.parse()
}

fn parse_position(s: &str) -> Result<Position, String> {
    s.parse()
        .map_err(|e: crate::engine::PositionError| e.to_string())
}

/// Runs a parsed command line.
pub fn run(command: Option<Command>) -> ExitCode {
    match command.unwrap_or(Command::Serve(ServeArgs::default())) {
        Command::Serve(args) => serve(args),
        Command::User {
            command:
                UserCommand::Add {
                    role,
                    name,
                    database,
                },
        } => add_user(role, &name, database),
        Command::Backup { file, database } => backup(&file, database),
        Command::Replay(args) => run_replay(&args),
        Command::Validate(args) => run_validate(&args),
        Command::Standings(args) => run_standings(&args),
        Command::Generate(args) => run_generate(&args),
        Command::Pair { file } => run_pair(&file),
        Command::Check { file } => run_check(&file),
        Command::Perft(args) => {
            let rules = args.rules.rules();
            let start = args.position.unwrap_or_else(Position::start);
            let count = if args.no_history {
                perft(&rules, &start, args.depth)
            } else {
                crate::engine::play::perft_game(&rules, &start, args.depth)
            };
            println!("{count}");
            ExitCode::SUCCESS
        }
    }
}

/// The service's settings from the environment, or the exit status of a bad one.
fn settings() -> Result<crate::config::Config, ExitCode> {
    crate::config::Config::from_env().map_err(|e| {
        eprintln!("oware-tournament: {e}");
        ExitCode::from(2)
    })
}

fn serve(args: ServeArgs) -> ExitCode {
    // What goes wrong inside the server (a failed request's causes, the writer) is logged here.
    let _ = tracing_subscriber::fmt().with_writer(io::stderr).try_init();
    let mut config = match settings() {
        Ok(config) => config,
        Err(code) => return code,
    };
    if let Some(bind) = args.bind {
        config.bind = bind;
    }
    if let Some(database) = args.database {
        config.database_url = database;
    }
    actix_web::rt::System::new().block_on(async move {
        let app = match crate::startup::Application::build(&config) {
            Ok(app) => app,
            Err(e) => {
                eprintln!("oware-tournament: {e}");
                return ExitCode::FAILURE;
            }
        };
        let host = config
            .bind
            .rsplit_once(':')
            .map_or(config.bind.as_str(), |(h, _)| h);
        println!(
            "Serving on http://{host}:{} (database {})",
            app.port(),
            config.database_url
        );
        match app.run_until_stopped().await {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("oware-tournament: {e}");
                ExitCode::FAILURE
            }
        }
    })
}

fn backup(file: &Path, database: Option<String>) -> ExitCode {
    let mut config = match settings() {
        Ok(config) => config,
        Err(code) => return code,
    };
    if let Some(database) = database {
        config.database_url = database;
    }
    if file.exists() {
        eprintln!(
            "oware-tournament: {} exists already; choose a new file",
            file.display()
        );
        return ExitCode::from(2);
    }
    if !Path::new(&config.database_url).is_file() {
        eprintln!(
            "oware-tournament: there is no database at {}; nothing was backed up",
            config.database_url
        );
        return ExitCode::from(2);
    }
    match crate::db::backup(&config.database_url, file) {
        Ok(()) => {
            println!(
                "Backed up {} to {} (integrity check: ok).",
                config.database_url,
                file.display()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("oware-tournament: backup failed: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The roles by name, as the command line offers them.
fn role_parser() -> impl clap::builder::TypedValueParser<Value = crate::auth::Role> {
    clap::builder::PossibleValuesParser::new(<crate::auth::Role as strum::VariantNames>::VARIANTS)
        .try_map(|name| name.parse::<crate::auth::Role>())
}

fn add_user(role: crate::auth::Role, name: &str, database: Option<String>) -> ExitCode {
    let mut config = match settings() {
        Ok(config) => config,
        Err(code) => return code,
    };
    if let Some(database) = database {
        config.database_url = database;
    }
    if let Err(e) = crate::service::accounts::valid_username(name) {
        eprintln!("oware-tournament: {e}");
        return ExitCode::from(2);
    }
    let password = if io::stdin().is_terminal() {
        rpassword::prompt_password("Password (empty to generate one): ").unwrap_or_default()
    } else {
        let mut line = String::new();
        let _ = io::stdin().read_line(&mut line);
        line.trim_end_matches(['\r', '\n']).to_string()
    };
    let (password, generated) = if password.is_empty() {
        (crate::auth::generate_password(), true)
    } else if password.chars().count() < 8 {
        eprintln!("oware-tournament: a password needs at least 8 characters");
        return ExitCode::from(2);
    } else {
        (password, false)
    };
    let pool = match crate::db::open(&config.database_url, 1) {
        Ok(pool) => pool,
        Err(e) => {
            eprintln!("oware-tournament: {e}");
            return ExitCode::FAILURE;
        }
    };
    let result = pool
        .get()
        .map_err(crate::service::ServiceError::from)
        .and_then(|mut conn| {
            crate::service::accounts::create(
                &mut conn,
                &crate::service::Actor::CommandLine,
                name.trim(),
                &crate::auth::hash_secret(&password),
                role,
            )
        });
    match result {
        Ok(account) => {
            println!("Created the {} account {:?}.", role, account.username);
            if generated {
                println!("Its password, shown only now: {password}");
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("oware-tournament: {e}");
            ExitCode::FAILURE
        }
    }
}

fn read_input(file: Option<&Path>) -> io::Result<String> {
    match file {
        None => read_stdin(),
        Some(p) if p.as_os_str() == "-" => read_stdin(),
        Some(p) => std::fs::read_to_string(p),
    }
}

fn read_stdin() -> io::Result<String> {
    let mut text = String::new();
    io::stdin().read_to_string(&mut text)?;
    Ok(text)
}

// ---------------------------------------------------------------------------------------------
// replay

#[derive(Serialize)]
struct JsonReplay<'a> {
    rules: &'a str,
    plies: Vec<JsonPly>,
    end: JsonEnd,
}

#[derive(Serialize)]
struct JsonPly {
    ply: u32,
    side: Side,
    #[serde(rename = "move")]
    mv: String,
    pit: usize,
    sown: u32,
    captured: u8,
    board: [u8; 12],
    stores: [u8; 2],
}

#[derive(Serialize)]
struct JsonEnd {
    reason: &'static str,
    stores: [u8; 2],
    winner: Option<Side>,
}

#[derive(Serialize)]
struct JsonError<'a> {
    error: JsonErrorBody<'a>,
}

#[derive(Serialize)]
struct JsonErrorBody<'a> {
    ply: u32,
    token: &'a str,
    kind: &'static str,
    message: &'a str,
    position: String,
    /// With `--suggest`: the mended lists, best first.
    #[serde(skip_serializing_if = "Option::is_none")]
    suggestions: Option<&'a [Suggestion]>,
}

impl<'a> From<&'a ReplayError> for JsonError<'a> {
    fn from(e: &'a ReplayError) -> Self {
        JsonError {
            error: JsonErrorBody {
                ply: e.ply,
                token: &e.token,
                kind: e.kind.name(),
                message: &e.message,
                position: e.position.to_string(),
                suggestions: None,
            },
        }
    }
}

/// The replay as the JSON that `replay --json` prints.
pub fn replay_json(replay: &Replay) -> String {
    let plies = replay
        .plies
        .iter()
        .map(|p| JsonPly {
            ply: p.number,
            side: p.played.side,
            mv: p.played.mv.pit.letter().to_string(),
            pit: p.played.mv.pit.index(),
            sown: p.played.sown,
            captured: p.played.captured_by_mover(),
            board: p.played.position.pits(),
            stores: p.played.position.stores(),
        })
        .collect();
    let end = match replay.outcome {
        Some(o) => JsonEnd {
            reason: o.reason.name(),
            stores: o.stores,
            winner: o.winner,
        },
        None => JsonEnd {
            reason: "in-progress",
            stores: replay.stores(),
            winner: None,
        },
    };
    serde_json::to_string(&JsonReplay {
        rules: replay.rules.name(),
        plies,
        end,
    })
    .expect("a replay serialises")
}

/// A replay error as the JSON that `replay --json` prints.
pub fn error_json(error: &ReplayError) -> String {
    serde_json::to_string(&JsonError::from(error)).expect("an error serialises")
}

/// The error as JSON with the repair suggestions found for it.
pub fn error_json_with(error: &ReplayError, suggestions: &[Suggestion]) -> String {
    let mut json = JsonError::from(error);
    json.error.suggestions = Some(suggestions);
    serde_json::to_string(&json).expect("an error serialises")
}

/// The repair suggestions as `replay --suggest` prints them.
pub fn suggestions_account(suggestions: &[Suggestion]) -> String {
    if suggestions.is_empty() {
        return "no single edit (a move replaced, two swapped, one left out or put in) mends this list\n".to_string();
    }
    let mut out = String::from("suggestions, best first (the edited moves in [brackets]):\n");
    for (i, s) in suggestions.iter().enumerate() {
        for e in &s.edits {
            let was = e.was.as_deref().unwrap_or("-");
            let now = e.now.as_deref().unwrap_or("-");
            let _ = writeln!(
                out,
                "{}. {} at ply {}: {was} -> {now}",
                i + 1,
                e.kind_name(),
                e.ply
            );
        }
        let moves: Vec<String> = s
            .marked()
            .into_iter()
            .map(|(m, edited)| if edited { format!("[{m}]") } else { m })
            .collect();
        let _ = writeln!(out, "   {}", moves.join(" "));
    }
    out
}

/// What a replay from the command line works on: the moves and what the record declares.
struct ReplayInput {
    movetext: String,
    rules: Rules,
    start: Position,
    notation: Option<Notation>,
    end: DeclaredEnd,
    declared: crate::engine::Declared,
}

impl ReplayInput {
    /// The replay, checked against what the record declares.
    fn replay(&self) -> Result<Replay, ReplayError> {
        let replayed = replay(
            &self.movetext,
            &self.rules,
            self.start,
            self.notation,
            self.end,
        )?;
        replayed.verify(&self.declared)?;
        Ok(replayed)
    }

    /// The single edits that mend a refused game (none when it is accepted).
    fn suggest(&self) -> Vec<Suggestion> {
        suggest(
            &self.movetext,
            &self.rules,
            self.start,
            self.notation,
            self.end,
            &self.declared,
        )
    }
}

/// Replays one game's text as the command line reads it (a move list, or the first OGN record
/// with its tags applied). `rules` and `end` given here take precedence over the record's tags.
pub fn replay_text(
    text: &str,
    rules: Option<Preset>,
    notation: Option<Notation>,
    end: Option<DeclaredEnd>,
) -> Result<Replay, ReplayError> {
    replay_input(text, rules, notation, end)?.replay()
}

fn replay_input(
    text: &str,
    rules: Option<Preset>,
    notation: Option<Notation>,
    end: Option<DeclaredEnd>,
) -> Result<ReplayInput, ReplayError> {
    if !ogn::is_ogn(text) {
        return Ok(ReplayInput {
            movetext: text.to_string(),
            rules: rules.unwrap_or(Preset::Abapa).rules(),
            start: Position::start(),
            notation,
            end: end.unwrap_or_default(),
            declared: Default::default(),
        });
    }
    let games = ogn::parse(text).map_err(|e| record_error(Position::start(), e.to_string()))?;
    let game = match games.as_slice() {
        [game] => game,
        [] => {
            return Err(record_error(
                Position::start(),
                "the file holds no game".into(),
            ));
        }
        _ => {
            return Err(record_error(
                Position::start(),
                format!(
                    "the file holds {} games; replay reads one (validate reads many)",
                    games.len()
                ),
            ));
        }
    };
    let given = rules.map(Preset::rules);
    let setup = game_setup(game, &Preset::Abapa.rules(), given.as_ref())
        .map_err(|m| record_error(Position::start(), m))?;
    Ok(ReplayInput {
        movetext: game.movetext.clone(),
        rules: setup.rules,
        start: setup.start,
        notation,
        end: end.unwrap_or(setup.end),
        declared: setup.declared,
    })
}

fn record_error(position: Position, message: String) -> ReplayError {
    ReplayError {
        ply: 0,
        side: position.to_move(),
        token: String::new(),
        position,
        kind: ErrorKind::BadRecord,
        message,
    }
}

struct Setup {
    rules: Rules,
    start: Position,
    end: DeclaredEnd,
    declared: crate::engine::Declared,
}

/// What a record declares. `rules`, given on the command line, stand instead of the record's
/// `Variant` tag (which is then not read); without them the tag names the rules, `default_rules`
/// when it has none.
fn game_setup(
    game: &OgnGame,
    default_rules: &Rules,
    rules: Option<&Rules>,
) -> Result<Setup, String> {
    Ok(Setup {
        rules: match rules {
            Some(rules) => rules.clone(),
            None => game.rules(default_rules)?,
        },
        start: game.start()?,
        end: game.end()?,
        declared: game.declared()?,
    })
}

fn run_replay(args: &ReplayArgs) -> ExitCode {
    let text = match read_input(args.file.as_deref()) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("oware-tournament: cannot read the game: {e}");
            return ExitCode::from(2);
        }
    };
    // The record is read once: replayed, and when refused, mended.
    let input = replay_input(&text, args.rules, args.notation.0, args.end);
    let result = input
        .as_ref()
        .map_err(Clone::clone)
        .and_then(ReplayInput::replay);
    let suggestions = match (&result, &input, args.suggest) {
        (Err(_), Ok(input), true) => Some(input.suggest()),
        (Err(_), Err(_), true) => Some(Vec::new()),
        _ => None,
    };
    let mut out = io::stdout().lock();
    let written = match (&result, args.json, &suggestions) {
        (Ok(r), true, _) => writeln!(out, "{}", replay_json(r)),
        (Ok(r), false, _) => write!(out, "{}", replay_account(r)),
        (Err(e), true, Some(s)) => writeln!(out, "{}", error_json_with(e, s)),
        (Err(e), true, None) => writeln!(out, "{}", error_json(e)),
        (Err(e), false, s) => {
            eprint!("{}", error_account(e));
            if let Some(s) = s {
                eprint!("{}", suggestions_account(s));
            }
            Ok(())
        }
    };
    if written.is_err() {
        return ExitCode::from(2);
    }
    if result.is_ok() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// The readable account of a replay.
pub fn replay_account(replay: &Replay) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Rules: {}   notation: {}   start: {}",
        replay.rules.name(),
        replay.notation,
        replay.start
    );
    for ply in &replay.plies {
        let p = &ply.played;
        let mut what = format!("sows {}", p.sown);
        if p.captured_by_mover() > 0 {
            let _ = write!(what, ", captures {}", p.captured_by_mover());
        }
        let other = p.captured[p.side.other().index()];
        if other > 0 {
            let _ = write!(what, ", {} takes {}", p.side.other(), other);
        }
        if p.grand_slam {
            what.push_str(", grand slam");
        }
        if p.capture_declined {
            what.push_str(", capture declined");
        }
        if p.forfeit {
            what.push_str(", forfeit: the opponent was not fed");
        }
        let stores = p.position.stores();
        let pits: Vec<String> = p.position.pits().iter().map(u8::to_string).collect();
        let _ = writeln!(
            out,
            "{:>4}. {:<5} {:<4} {:<40} board {}  stores {}-{}",
            ply.number,
            p.side.to_string(),
            p.mv.pit.letter(),
            what,
            pits.join(" "),
            stores[0],
            stores[1]
        );
    }
    let final_position = replay.final_position();
    out.push('\n');
    out.push_str(&final_position.diagram());
    match replay.outcome {
        Some(o) => {
            let result = match o.winner {
                Some(side) => format!("{side} wins"),
                None => "a draw".to_string(),
            };
            let _ = writeln!(
                out,
                "End: {} ({}): {}-{}, {}",
                o.reason,
                o.reason.describe(),
                o.stores[0],
                o.stores[1],
                result
            );
        }
        None => {
            let stores = replay.stores();
            let _ = writeln!(
                out,
                "End: in progress after {} plies: {}-{}, {} to move",
                replay.plies.len(),
                stores[0],
                stores[1],
                final_position.to_move()
            );
        }
    }
    out
}

/// The readable account of a replay error: what, where, and the position before it.
pub fn error_account(error: &ReplayError) -> String {
    format!(
        "error: {}\nkind: {}\nposition before ply {}: {}\n{}",
        error,
        error.kind,
        error.ply,
        error.position,
        error.position.diagram()
    )
}

// ---------------------------------------------------------------------------------------------
// validate

/// One bad game of a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadGame {
    /// The line where the game starts (1-based).
    pub line: usize,
    pub error: ReplayError,
}

/// What `validate` found in one file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FileReport {
    pub games: u64,
    pub plies: u64,
    pub bad: Vec<BadGame>,
}

/// Checks every game of one file's text: OGN records, or one move list per line (blank lines
/// and lines starting with `#` are skipped). `progress` is told how many bytes are done.
pub fn validate_text(
    text: &str,
    default_rules: &Rules,
    progress: &(dyn Fn(u64) + Sync),
) -> FileReport {
    validate_text_with(text, default_rules, None, progress)
}

/// As [`validate_text`], with `rules` (given on the command line) standing instead of every
/// record's `Variant` tag.
pub fn validate_text_with(
    text: &str,
    default_rules: &Rules,
    rules: Option<&Rules>,
    progress: &(dyn Fn(u64) + Sync),
) -> FileReport {
    if ogn::is_ogn(text) {
        return validate_ogn(text, default_rules, rules, progress);
    }
    let default_rules = rules.unwrap_or(default_rules);
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l))
        .filter(|(_, l)| {
            let t = l.trim();
            !t.is_empty() && !t.starts_with('#')
        })
        .collect();
    let workers = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(8);
    let chunk = lines.len().div_ceil(workers).max(1);
    let reports: Vec<FileReport> = std::thread::scope(|scope| {
        let handles: Vec<_> = lines
            .chunks(chunk)
            .map(|part| scope.spawn(move || validate_lines(part, default_rules, progress)))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a validation worker does not panic"))
            .collect()
    });
    let mut total = FileReport::default();
    for r in reports {
        total.games += r.games;
        total.plies += r.plies;
        total.bad.extend(r.bad);
    }
    total
}

fn validate_lines(
    lines: &[(usize, &str)],
    rules: &Rules,
    progress: &(dyn Fn(u64) + Sync),
) -> FileReport {
    let mut report = FileReport::default();
    let mut tokens: Vec<Token<'_>> = Vec::new();
    let mut pending = 0u64;
    for &(line, text) in lines {
        tokens.clear();
        tokenize_into(text, &mut tokens);
        report.games += 1;
        match check(
            &tokens,
            rules,
            Position::start(),
            None,
            DeclaredEnd::Natural,
        ) {
            Ok(c) => report.plies += u64::from(c.plies),
            Err(error) => report.bad.push(BadGame { line, error }),
        }
        pending += text.len() as u64 + 1;
        if pending >= 1 << 16 {
            progress(pending);
            pending = 0;
        }
    }
    progress(pending);
    report
}

fn validate_ogn(
    text: &str,
    default_rules: &Rules,
    rules: Option<&Rules>,
    progress: &(dyn Fn(u64) + Sync),
) -> FileReport {
    let mut report = FileReport::default();
    let games = ogn::parse_each(text);
    let mut tokens: Vec<Token<'_>> = Vec::new();
    for game in &games {
        report.games += 1;
        // A tag line that cannot be read is that game's error; the next game is read as usual.
        let game = match game {
            Ok(game) => game,
            Err(e) => {
                report.bad.push(BadGame {
                    line: e.line,
                    error: record_error(Position::start(), e.message.clone()),
                });
                continue;
            }
        };
        let result = game_setup(game, default_rules, rules)
            .map_err(|m| record_error(Position::start(), m))
            .and_then(|setup| {
                tokens.clear();
                tokenize_into(&game.movetext, &mut tokens);
                let checked: Checked = check(&tokens, &setup.rules, setup.start, None, setup.end)?;
                checked.verify(&setup.declared)?;
                Ok(checked.plies)
            });
        match result {
            Ok(plies) => report.plies += u64::from(plies),
            Err(error) => report.bad.push(BadGame {
                line: game.line,
                error,
            }),
        }
    }
    progress(text.len() as u64);
    report
}

fn run_validate(args: &ValidateArgs) -> ExitCode {
    let given = args.rules.map(Preset::rules);
    let default_rules = Preset::Abapa.rules();
    let started = Instant::now();
    let mut texts = Vec::with_capacity(args.files.len());
    for file in &args.files {
        match std::fs::read_to_string(file) {
            Ok(text) => texts.push((file, text)),
            Err(e) => {
                eprintln!("oware-tournament: cannot read {}: {e}", file.display());
                return ExitCode::from(2);
            }
        }
    }
    let total_bytes: u64 = texts.iter().map(|(_, t)| t.len() as u64).sum();
    // A progress bar only on a terminal and only for inputs that take a noticeable time.
    let bar = if io::stderr().is_terminal() && total_bytes > 4 << 20 {
        let bar = indicatif::ProgressBar::new(total_bytes);
        bar.set_style(
            indicatif::ProgressStyle::with_template("{bar:40} {bytes}/{total_bytes} {msg}")
                .expect("a valid progress template"),
        );
        Some(bar)
    } else {
        None
    };
    let done = AtomicU64::new(0);
    let progress = |bytes: u64| {
        let now = done.fetch_add(bytes, Ordering::Relaxed) + bytes;
        if let Some(bar) = &bar {
            bar.set_position(now);
        }
    };

    let mut out = io::BufWriter::new(io::stdout().lock());
    let (mut games, mut plies, mut bad) = (0u64, 0u64, 0u64);
    for (file, text) in &texts {
        let mut report = validate_text_with(text, &default_rules, given.as_ref(), &progress);
        report.bad.sort_by_key(|b| b.line);
        for b in &report.bad {
            let _ = writeln!(
                out,
                "{}:{}: {}: {}",
                file.display(),
                b.line,
                b.error.kind,
                b.error
            );
        }
        games += report.games;
        plies += report.plies;
        bad += report.bad.len() as u64;
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let _ = writeln!(
        out,
        "{games} games, {plies} plies checked in {:.2} s: {} good, {bad} bad",
        started.elapsed().as_secs_f64(),
        games - bad
    );
    if out.flush().is_err() {
        return ExitCode::from(2);
    }
    if bad > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// Reads a TRF file named on the command line, or says why it cannot (exit status 2).
fn read_trf(file: &Path) -> Result<crate::fide::trf::Trf, ExitCode> {
    let text = std::fs::read(file).map_err(|e| {
        eprintln!("oware-tournament: {}: {e}", file.display());
        ExitCode::from(2)
    })?;
    let text = String::from_utf8_lossy(&text);
    crate::fide::trf::Trf::parse(&text).map_err(|e| {
        eprintln!("oware-tournament: {}: {e}", file.display());
        ExitCode::from(2)
    })
}

/// A tie-break value as people write it: `3`, `2.5`, `4.17`.
fn plain_number(value: f64) -> String {
    let text = format!("{value:.2}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" {
        "0".to_string()
    } else {
        text.to_string()
    }
}

fn run_standings(args: &StandingsArgs) -> ExitCode {
    use crate::fide::c07::{Base, Code, standings};
    let trf = match read_trf(&args.file) {
        Ok(trf) => trf,
        Err(code) => return code,
    };
    let played = trf.rounds();
    let after = args.after.unwrap_or(played);
    if after == 0 || after > played {
        eprintln!("oware-tournament: --after {after}: the file has rounds 1 to {played}");
        return ExitCode::from(2);
    }
    let system = trf.pairing_system.to_ascii_uppercase();
    let round_robin = args.round_robin || system.contains("ROBIN") || system.contains("BERGER");
    let mut codes = vec![Code::plain(Base::Pts)];
    codes.extend(args.tiebreaks.iter().filter_map(|c| c.parse::<Code>().ok()));
    let rows = standings(&trf, after, &codes, round_robin);
    let mut out = String::from("no\tname\trank\tPTS");
    for code in &args.tiebreaks {
        let _ = write!(out, "\t{code}");
    }
    out.push('\n');
    for row in rows {
        let name = trf.player(row.number).map_or("", |p| p.name.as_str());
        let _ = write!(out, "{}\t{name}\t{}", row.number, row.rank);
        for v in &row.values {
            let _ = write!(out, "\t{}", plain_number(*v));
        }
        out.push('\n');
    }
    print!("{out}");
    ExitCode::SUCCESS
}

/// A pairing as `pair` prints it: boards as starting numbers, white (South, who moves first)
/// first, then `bye N` for the pairing-allocated bye.
pub fn pairing_text(trf: &crate::fide::trf::Trf, pairing: &crate::fide::dutch::Pairing) -> String {
    let mut numbers: Vec<u32> = trf.players.iter().map(|p| p.number).collect();
    numbers.sort_unstable();
    let mut out = String::new();
    for &(white, black) in &pairing.boards {
        let _ = writeln!(out, "{} {}", numbers[white], numbers[black]);
    }
    if let Some(bye) = pairing.bye {
        let _ = writeln!(out, "bye {}", numbers[bye]);
    }
    out
}

fn run_pair(file: &Path) -> ExitCode {
    use crate::fide::dutch;
    let trf = match read_trf(file) {
        Ok(trf) => trf,
        Err(code) => return code,
    };
    let round = trf.rounds() + 1;
    if trf
        .planned_rounds
        .is_some_and(|planned| round > planned as usize)
    {
        eprintln!(
            "oware-tournament: {}: all {} rounds are paired",
            file.display(),
            round - 1
        );
        return ExitCode::from(2);
    }
    match dutch::pair(&crate::fide::check::input_from_trf(&trf, round)) {
        Ok(pairing) => {
            print!("{}", pairing_text(&trf, &pairing));
            ExitCode::SUCCESS
        }
        Err(e) => {
            println!("round {round}: {e}");
            ExitCode::from(1)
        }
    }
}

fn run_check(file: &Path) -> ExitCode {
    let trf = match read_trf(file) {
        Ok(trf) => trf,
        Err(code) => return code,
    };
    let differences = crate::fide::check::check(&trf);
    if differences.is_empty() {
        println!(
            "all {} rounds are paired as the FIDE Dutch system pairs them",
            trf.rounds()
        );
        return ExitCode::SUCCESS;
    }
    for d in &differences {
        match &d.expected {
            Some(expected) => {
                println!("round {}: the Dutch system pairs", d.round);
                for line in pairing_text(&trf, expected).lines() {
                    println!("  {line}");
                }
                println!("round {}: the file has", d.round);
                for line in pairing_text(&trf, &d.recorded).lines() {
                    println!("  {line}");
                }
            }
            None => println!(
                "round {}: the file pairs a round the Dutch system cannot pair",
                d.round
            ),
        }
    }
    ExitCode::from(1)
}

fn run_generate(args: &GenerateArgs) -> ExitCode {
    use crate::tournament::generator::{Params, generate};
    let params = Params {
        players: args.players,
        rounds: args.rounds,
        seed: args.seed.unwrap_or_else(rand::random),
        draws: args.draws,
        forfeits: args.forfeits,
        byes: args.byes,
    };
    match generate(&params) {
        Ok(trf) => {
            print!("{}", trf.write());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("oware-tournament: {e}");
            ExitCode::from(if e.contains("cannot be paired") { 1 } else { 2 })
        }
    }
}
