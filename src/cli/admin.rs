//! The service and its administration: `serve`, `backup`, `user add`.

use std::io::{self, IsTerminal};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::builder::TypedValueParser as _;
use clap::{Args, Subcommand};

#[derive(Debug, Args, Default)]
pub struct ServeArgs {
    /// Address to listen on (default 127.0.0.1:8080, or OWARE_BIND).
    #[arg(long)]
    pub bind: Option<String>,
    /// SQLite file (default oware.db, or DATABASE_URL).
    #[arg(long)]
    pub database: Option<String>,
}

#[derive(Debug, Args)]
pub struct BackupArgs {
    /// The copy to write (must not exist yet).
    file: PathBuf,
    /// SQLite file (default oware.db, or DATABASE_URL).
    #[arg(long)]
    database: Option<String>,
}

#[derive(Debug, Args)]
pub struct UserArgs {
    #[command(subcommand)]
    command: UserCommand,
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

/// The service's settings from the environment, or the exit status of a bad one.
fn settings() -> Result<crate::config::Config, ExitCode> {
    crate::config::Config::from_env().map_err(|e| {
        eprintln!("oware-tournament: {e}");
        ExitCode::from(2)
    })
}

pub fn serve(args: ServeArgs) -> ExitCode {
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

/// `backup`: a consistent copy of the database, checked.
pub fn backup(args: &BackupArgs) -> ExitCode {
    let (file, database) = (args.file.as_path(), args.database.clone());
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

/// `user add`.
pub fn user(args: UserArgs) -> ExitCode {
    let UserCommand::Add {
        role,
        name,
        database,
    } = args.command;
    add_user(role, &name, database)
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
            eprintln!(
                "oware-tournament: {}",
                crate::wording::refusals::failure(crate::locale::Lang::ENGLISH, &e)
            );
            ExitCode::FAILURE
        }
    }
}
