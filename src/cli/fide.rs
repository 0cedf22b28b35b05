//! FIDE's files: `standings` of a TRF file, `pair` its next round, `check` its rounds,
//! `generate` a random one.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;

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
    /// Tie-break codes in order, separated by commas (`BH,BH-C1,SB,DE`; `BH/C1` also reads);
    /// by default the file's own (line 202).
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

#[derive(Debug, Args)]
pub struct FileArgs {
    /// The tournament, as FIDE's Tournament Report File (TRF).
    pub file: PathBuf,
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

pub fn run_standings(args: &StandingsArgs) -> ExitCode {
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
    let tiebreaks = if args.tiebreaks.is_empty() {
        let mut known = Vec::new();
        for code in &trf.tiebreaks {
            match checked_tiebreak_code(code) {
                Ok(code) => known.push(code),
                Err(e) => {
                    eprintln!("oware-tournament: {}: line 202: {e}", args.file.display());
                    return ExitCode::from(2);
                }
            }
        }
        known
    } else {
        args.tiebreaks.clone()
    };
    let mut codes = vec![Code::plain(Base::Pts)];
    codes.extend(tiebreaks.iter().filter_map(|c| c.parse::<Code>().ok()));
    let rows = standings(&trf, after, &codes, round_robin);
    let mut out = String::from("no\tname\trank\tPTS");
    for code in &tiebreaks {
        let _ = write!(out, "\t{code}");
    }
    out.push('\n');
    for row in rows {
        let name = trf.player(row.number).map_or("", |p| p.name.as_str());
        let _ = write!(out, "{}\t{name}\t{}", row.number, row.rank);
        for v in &row.values {
            let _ = write!(out, "\t{}", crate::service::standings::decimal_text(*v));
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

pub fn run_pair(file: &Path) -> ExitCode {
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

pub fn run_check(file: &Path) -> ExitCode {
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

pub fn run_generate(args: &GenerateArgs) -> ExitCode {
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
