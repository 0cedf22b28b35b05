//! The engine's files: `replay` one game, `validate` many, `perft`.

use std::fmt::Write as _;
use std::io::{self, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use clap::Args;
use serde::Serialize;

use crate::engine::notation::{Token, tokenize_into};
use crate::engine::ogn::{self, OgnGame};
use crate::engine::repair::{Suggestion, suggest};
use crate::engine::replay::{Checked, check};
use crate::engine::{
    DeclaredEnd, ErrorKind, Notation, Position, Preset, Replay, ReplayError, Rules, Side, perft,
    replay,
};
use crate::service::game_views::{PlyView, plies_of};

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

pub(super) fn parse_preset(s: &str) -> Result<Preset, String> {
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

/// `perft`: the count of move sequences.
pub fn run_perft(args: &PerftArgs) -> ExitCode {
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
    plies: Vec<PlyView>,
    end: JsonEnd,
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
    message: String,
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
                message: e.message(),
                position: e.position.to_string(),
                suggestions: None,
            },
        }
    }
}

/// The replay as the JSON that `replay --json` prints.
pub fn replay_json(replay: &Replay) -> String {
    // Each ply as the game page and the API show it.
    let plies = plies_of(replay);
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
                "{}. {} at {} (ply {}): {was} -> {now}",
                i + 1,
                e.kind_name(),
                crate::engine::SheetMove::of(e.ply),
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
        detail: crate::engine::Detail::Record(message),
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
        start: game.start().map_err(|e| e.to_string())?,
        end: game.end().map_err(|e| e.to_string())?,
        declared: game.declared().map_err(|e| e.to_string())?,
    })
}

pub fn run_replay(args: &ReplayArgs) -> ExitCode {
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
        "error: {}\nkind: {}\nposition before {} (ply {}): {}\n{}",
        error,
        error.kind,
        crate::engine::SheetMove::of(error.ply),
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
                    error: record_error(Position::start(), e.problem.to_string()),
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

pub fn run_validate(args: &ValidateArgs) -> ExitCode {
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
