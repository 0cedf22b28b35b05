use std::process::ExitCode;

use clap::Parser;
use oware_tournament::cli::{Cli, run};

fn main() -> ExitCode {
    run(Cli::parse().command)
}
