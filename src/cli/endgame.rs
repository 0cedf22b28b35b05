//! The endgame tables' commands: `endgame build` writes a preset's table to a folder,
//! `endgame value` prints what the tables say of a position.

use std::fs;
use std::io::BufWriter;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::{Args, Subcommand};

use super::engine::parse_preset;
use serde::Serialize;

use crate::engine::endgame::analysis::seeds_of;
use crate::engine::endgame::file::file_name;
use crate::engine::endgame::{
    self, Bounds, Progress, Score, Table, scores_every_seed, table_rules,
};
use crate::engine::{Position, Preset};

#[derive(Debug, Args)]
pub struct EndgameArgs {
    #[command(subcommand)]
    pub command: EndgameCommand,
}

#[derive(Debug, Subcommand)]
pub enum EndgameCommand {
    /// Build a preset's table of every board of at most SEEDS seeds into a folder (the file
    /// `<preset>-<seeds>.endgame`), with a progress bar; prints what share of positions is
    /// exact, layer by layer.
    Build(BuildArgs),
    /// Print, as JSON, what the tables say of a position: its value (or two bounds), every
    /// legal move's, and one best line.
    Value(ValueArgs),
}

#[derive(Debug, Args)]
pub struct BuildArgs {
    #[arg(long, value_parser = parse_preset)]
    pub rules: Preset,
    /// The most seeds on the board.
    #[arg(long)]
    pub seeds: u8,
    /// The folder the table is written to.
    pub dir: PathBuf,
}

#[derive(Debug, Args)]
pub struct ValueArgs {
    #[arg(long, value_parser = parse_preset)]
    pub rules: Preset,
    /// The folder of the tables (default: `OWARE_ENDGAME_DIR`).
    #[arg(long)]
    pub dir: Option<PathBuf>,
    /// The position (`p0-…-p11-S-N-T`, as `replay` prints it).
    pub position: String,
}

pub fn run(args: EndgameArgs) -> ExitCode {
    match args.command {
        EndgameCommand::Build(args) => run_build(&args),
        EndgameCommand::Value(args) => run_value(&args),
    }
}

/// The progress bar of a build: one bar a layer.
struct Bar {
    bar: Option<indicatif::ProgressBar>,
}

impl Progress for Bar {
    fn layer(&mut self, seeds: u8, positions: u64) {
        if let Some(bar) = self.bar.take() {
            bar.finish();
        }
        let bar = indicatif::ProgressBar::new(positions);
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{msg:>10} {bar:40} {human_pos}/{human_len} positions, {elapsed}",
            )
            .expect("a valid template"),
        );
        bar.set_message(format!("{seeds} seeds"));
        self.bar = Some(bar);
    }

    fn advance(&mut self, done: u64) {
        if let Some(bar) = &self.bar {
            bar.inc(done);
        }
    }
}

/// Per layer: positions, exact, a decided winner of the board's seeds.
#[derive(Serialize)]
struct LayerShare {
    seeds: u8,
    positions: u64,
    exact: u64,
    decided: u64,
}

fn shares(table: &Table) -> Vec<LayerShare> {
    (0..=table.seeds)
        .map(|n| {
            let mut s = LayerShare {
                seeds: n,
                positions: 0,
                exact: 0,
                decided: 0,
            };
            for (_, b) in table.layer(n) {
                s.positions += 1;
                s.exact += u64::from(b.is_exact());
                let level = [0, 0];
                s.decided +=
                    u64::from(endgame::verdict(b.low, level) == endgame::verdict(b.high, level));
            }
            s
        })
        .collect()
}

fn run_build(args: &BuildArgs) -> ExitCode {
    if args.seeds > 48 {
        eprintln!("error: a board holds at most 48 seeds");
        return ExitCode::from(2);
    }
    if let Err(e) = fs::create_dir_all(&args.dir) {
        eprintln!("error: cannot make {}: {e}", args.dir.display());
        return ExitCode::FAILURE;
    }
    let started = Instant::now();
    let mut bar = Bar { bar: None };
    let table = endgame::build(args.rules, args.seeds, &mut bar);
    if let Some(b) = bar.bar.take() {
        b.finish();
    }
    let built = started.elapsed();
    let path = args.dir.join(file_name(args.rules, args.seeds));
    // Written beside, then renamed: a table is whole or absent.
    let part = path.with_extension("endgame.part");
    let written = fs::File::create(&part)
        .and_then(|f| table.write_to(BufWriter::new(f)))
        .and_then(|n| fs::rename(&part, &path).map(|()| n));
    let bytes = match written {
        Ok(n) => n,
        Err(e) => {
            let _ = fs::remove_file(&part);
            eprintln!("error: cannot write {}: {e}", path.display());
            return ExitCode::FAILURE;
        }
    };
    println!(
        "{}: {} positions, {bytes} bytes, built in {:.1} s",
        path.display(),
        table.positions(),
        built.as_secs_f64()
    );
    println!("seeds\tpositions\texact\tdecided");
    for s in shares(&table) {
        println!(
            "{}\t{}\t{:.1}%\t{:.1}%",
            s.seeds,
            s.positions,
            100.0 * s.exact as f64 / s.positions as f64,
            100.0 * s.decided as f64 / s.positions as f64
        );
    }
    ExitCode::SUCCESS
}

/// A value for people and programs: `seeds` where the rules score every seed, the margin
/// otherwise; `outright` for a game won or lost whatever the seeds.
#[derive(Serialize)]
struct ValueJson {
    #[serde(skip_serializing_if = "Option::is_none")]
    seeds: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    margin: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    outright: Option<&'static str>,
}

fn value_json(score: Score, n: u8, every_seed: bool) -> ValueJson {
    if score == Score::WON || score == Score::LOST {
        return ValueJson {
            seeds: None,
            margin: None,
            outright: Some(if score == Score::WON { "won" } else { "lost" }),
        };
    }
    ValueJson {
        seeds: if every_seed { seeds_of(score, n) } else { None },
        margin: (!every_seed).then(|| score.as_margin()),
        outright: None,
    }
}

#[derive(Serialize)]
struct BoundsJson {
    exact: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    value: Option<ValueJson>,
    low: ValueJson,
    high: ValueJson,
}

fn bounds_json(b: Bounds, n: u8, every_seed: bool) -> BoundsJson {
    BoundsJson {
        exact: b.is_exact(),
        value: b.is_exact().then(|| value_json(b.low, n, every_seed)),
        low: value_json(b.low, n, every_seed),
        high: value_json(b.high, n, every_seed),
    }
}

#[derive(Serialize)]
struct MoveJson {
    #[serde(rename = "move")]
    mv: String,
    #[serde(flatten)]
    bounds: BoundsJson,
}

#[derive(Serialize)]
struct AnswerJson {
    rules: &'static str,
    position: String,
    board_seeds: u8,
    to_move: &'static str,
    #[serde(flatten)]
    bounds: BoundsJson,
    moves: Vec<MoveJson>,
    best_line: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    line_ends: Option<[u8; 2]>,
}

fn move_text(mv: crate::engine::Move, optional_captures: bool) -> String {
    if optional_captures && mv.capture {
        format!("{}x", mv.pit)
    } else {
        mv.pit.to_string()
    }
}

fn run_value(args: &ValueArgs) -> ExitCode {
    let pos: Position = match args.position.parse() {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let Some(dir) = args
        .dir
        .clone()
        .or_else(|| std::env::var_os("OWARE_ENDGAME_DIR").map(PathBuf::from))
    else {
        eprintln!("error: no tables: give --dir or set OWARE_ENDGAME_DIR");
        return ExitCode::from(2);
    };
    let table = match crate::service::endgames::load(&dir, args.rules) {
        Ok(Some(t)) => t,
        Ok(None) => {
            eprintln!(
                "error: no table of {} in {} (build one with `endgame build --rules {} --seeds N {}`)",
                args.rules,
                dir.display(),
                args.rules,
                dir.display()
            );
            return ExitCode::FAILURE;
        }
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let n = pos.board_total();
    let Some(analysis) = table.analyse(&pos) else {
        eprintln!(
            "error: the board holds {n} seeds; the table of {} holds boards of at most {}",
            args.rules, table.seeds
        );
        return ExitCode::FAILURE;
    };
    let rules = table_rules(args.rules);
    let every_seed = scores_every_seed(&rules);
    let optional = !rules.compulsory_capture;
    let answer = AnswerJson {
        rules: args.rules.name(),
        position: pos.to_string(),
        board_seeds: n,
        to_move: pos.to_move().name(),
        bounds: bounds_json(analysis.bounds, n, every_seed),
        moves: analysis
            .moves
            .iter()
            .map(|m| MoveJson {
                mv: move_text(m.mv, optional),
                bounds: bounds_json(m.bounds, n, every_seed),
            })
            .collect(),
        best_line: analysis
            .line
            .iter()
            .map(|&m| move_text(m, optional))
            .collect(),
        line_ends: analysis.line_end.map(|o| o.stores),
    };
    println!(
        "{}",
        serde_json::to_string_pretty(&answer).expect("JSON of plain values")
    );
    ExitCode::SUCCESS
}
