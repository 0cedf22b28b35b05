//! Building and running the service: database, first organiser, session key, HTTP server.

use std::net::TcpListener;

use actix_http::HttpService;
use actix_http::h1::H1ServiceHandler;
use actix_service::{IntoServiceFactory, Service, ServiceFactoryExt, apply_fn_factory, map_config};
use actix_session::SessionMiddleware;
use actix_session::config::PersistentSession;
use actix_session::storage::CookieSessionStore;
use actix_web::cookie::{Key, SameSite, time::Duration};
use actix_web::dev::{AppConfig, Extensions, Server};
use actix_web::rt::net::TcpStream;
use actix_web::{App, middleware, web};
use chrono::Utc;
use rand::RngCore;
use rand::rngs::OsRng;

use crate::auth::{Role, generate_password, hash_secret};
use crate::config::Config;
use crate::db::{self, DbPool, models::NewAccount, queries};
use crate::web::live::feeds::Feeds;
use crate::web::plumbing::connections::{self, Connections, Guarded};
use crate::web::state::AppState;
use crate::web::{self as routes};

#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error(transparent)]
    Database(#[from] db::OpenError),
    #[error("database: {0}")]
    Query(#[from] diesel::result::Error),
    #[error("database pool: {0}")]
    Pool(#[from] diesel::r2d2::PoolError),
    #[error("repairing the data: {0}")]
    Repair(String),
    /// A damaged endgame table (named, with what is wrong): the start stops before anything
    /// is written or bound.
    #[error("OWARE_ENDGAME_DIR: {0}")]
    Endgames(String),
    #[error("cannot listen on {bind}: {source}")]
    Bind {
        bind: String,
        source: std::io::Error,
    },
}

/// A service bound to its port, ready to run.
pub struct Application {
    port: u16,
    server: Server,
    pool: DbPool,
}

impl Application {
    pub fn build(config: &Config) -> Result<Application, StartError> {
        // The tables first: a damaged one stops the start before the database is touched.
        let endgames = endgames(config)?;
        let pool = db::open(&config.database_url, 8)?;
        ensure_organiser(&pool, config.admin_password.as_deref())?;
        repair(&pool)?;
        let key = session_key(&pool)?;
        // From here on the service reads through connections that cannot write.
        drop(pool);
        let pool = db::open_readers(&config.database_url, 8)?;
        let writer = db::Writer::open_with(&config.database_url, !config.litestream)?;
        let listener = TcpListener::bind(&config.bind).map_err(|source| StartError::Bind {
            bind: config.bind.clone(),
            source,
        })?;
        let port = listener
            .local_addr()
            .map_err(|source| StartError::Bind {
                bind: config.bind.clone(),
                source,
            })?
            .port();
        let parts = (pool.clone(), writer, endgames);
        let server = run(listener, parts, key, config).map_err(|source| StartError::Bind {
            bind: config.bind.clone(),
            source,
        })?;
        Ok(Application { port, server, pool })
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    pub fn pool(&self) -> &DbPool {
        &self.pool
    }

    /// A handle that stops the server.
    pub fn handle(&self) -> actix_web::dev::ServerHandle {
        self.server.handle()
    }

    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        self.server.await
    }
}

/// Creates the organiser `admin` when there is no organiser: with the given password, or a
/// random one printed once to the terminal.
pub fn ensure_organiser(pool: &DbPool, password: Option<&str>) -> Result<(), StartError> {
    let mut conn = pool.get()?;
    if queries::count_accounts_with_role(&mut conn, Role::Organiser)? > 0 {
        return Ok(());
    }
    let (password, generated) = match password {
        Some(p) => (p.to_string(), false),
        None => (generate_password(), true),
    };
    queries::insert_account(
        &mut conn,
        &NewAccount {
            username: "admin",
            password_hash: &hash_secret(&password),
            role: Role::Organiser,
            created_at: Utc::now().naive_utc(),
        },
    )?;
    if generated {
        println!("Created the organiser account \"admin\" with the password {password}");
        println!("It is shown only this once: keep it safe.");
    } else {
        println!(
            "Created the organiser account \"admin\" with the password from OWARE_ADMIN_PASSWORD."
        );
    }
    Ok(())
}

/// Repairs what an earlier version of the service stored wrong, once per database (see
/// `service::repairs`), saying what it did.
fn repair(pool: &DbPool) -> Result<(), StartError> {
    const DONE: &str = "repair.cut-moves";
    let mut conn = pool.get()?;
    if queries::get_setting(&mut conn, DONE)?.is_some() {
        return Ok(());
    }
    let restored = crate::service::repairs::restore_cut_moves(&mut conn)
        .map_err(|e| StartError::Repair(e.to_string()))?;
    if !restored.is_empty() {
        println!(
            "Restored the last move of {} game results and {} score sheets stored one move \
             short (see the audit log); {} cut lists could not be completed.",
            restored.games, restored.sheets, restored.left
        );
    }
    queries::put_setting(&mut conn, DONE, &Utc::now().naive_utc().to_string())?;
    Ok(())
}

/// The key that signs and encrypts session cookies: made once, kept in the database so that
/// sessions survive a restart.
fn session_key(pool: &DbPool) -> Result<Key, StartError> {
    let mut conn = pool.get()?;
    if let Some(hex) = queries::get_setting(&mut conn, "session_key")?
        && let Some(bytes) = from_hex(&hex)
        && bytes.len() >= 64
    {
        return Ok(Key::from(&bytes));
    }
    let mut bytes = [0u8; 64];
    OsRng.fill_bytes(&mut bytes);
    let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    queries::put_setting(&mut conn, "session_key", &hex)?;
    Ok(Key::from(&bytes))
}

fn from_hex(hex: &str) -> Option<Vec<u8>> {
    (0..hex.len())
        .step_by(2)
        .map(|i| {
            hex.get(i..i + 2)
                .and_then(|b| u8::from_str_radix(b, 16).ok())
        })
        .collect()
}

/// What pages may load and run: only this site's own scripts, styles and images (inline style
/// attributes of the board diagrams and the printable pages' own styles included), no frames, no
/// forms to elsewhere.
const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
     style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'none'; \
     form-action 'self'; frame-ancestors 'none'";

/// The connections the server holds: as set, or sized from the open-file limit (raised first).
fn capacity(config: &Config) -> routes::plumbing::limits::Capacity {
    if let Some(c) = config.capacity {
        return c;
    }
    let open_files = routes::plumbing::limits::raise_open_files();
    let c = routes::plumbing::limits::Capacity::from_open_files(open_files);
    tracing::info!(
        open_files,
        connections = c.connections,
        connections_per_address = c.connections_per_address,
        streams = c.streams,
        streams_per_address = c.streams_per_address,
        "connection capacity"
    );
    c
}

/// How long a stop waits for the requests under way.
const SHUTDOWN_TIMEOUT_SECONDS: u64 = 3;

/// The live pages' feeds and the event streams' budget: the app's data, one of each for all
/// the workers.
fn live_data(
    capacity: &routes::plumbing::limits::Capacity,
) -> impl Fn(&mut web::ServiceConfig) + Clone + Send + 'static {
    let streams = web::Data::from(routes::plumbing::limits::StreamBudget::new(capacity));
    let walls = web::Data::new(Feeds::<routes::live::projector::Wall>::default());
    let dashboards = web::Data::new(Feeds::<routes::live::dashboard::Panel>::default());
    let boards = web::Data::new(Feeds::<routes::live::my_board::Room>::default());
    move |cfg| {
        cfg.app_data(streams.clone())
            .app_data(walls.clone())
            .app_data(dashboards.clone())
            .app_data(boards.clone());
    }
}

/// The endgame tables of `OWARE_ENDGAME_DIR` (none without it); a damaged one stops the start.
fn endgames(config: &Config) -> Result<crate::service::endgames::Endgames, StartError> {
    let endgames = crate::service::endgames::Endgames::configured(config.endgame_dir.as_deref())
        .map_err(StartError::Endgames)?;
    for (preset, seeds) in endgames.held() {
        tracing::info!("endgame table: {preset}, boards of up to {seeds} seeds");
    }
    Ok(endgames)
}

/// The service with its backups and endgame tables as `config` sets them.
fn service(
    (pool, writer, endgames): Parts,
    config: &Config,
) -> std::sync::Arc<crate::service::Service> {
    let backups = config
        .backup_folder
        .clone()
        .map(|folder| crate::service::backups::Backups::new(folder, &config.database_url));
    let sms = config.sms.as_ref();
    std::sync::Arc::new(
        crate::service::Service::new(pool, writer, backups)
            .with_endgames(endgames)
            .with_sms(
                sms.and_then(|s| s.country.clone()),
                sms.map(|s| s.token.as_str()),
            ),
    )
}

/// Sends the SMS the service queues through the gateway `config` names, if any.
fn send_sms(
    service: &std::sync::Arc<crate::service::Service>,
    config: &Config,
    listening: std::net::SocketAddr,
) {
    let Some(sms) = &config.sms else {
        return;
    };
    let Some(sendsms) = &sms.sendsms else {
        tracing::warn!("SMS: no gateway to send through (OWARE_KANNEL_SENDSMS); messages wait");
        return;
    };
    let reports = sms
        .reports_url
        .clone()
        .unwrap_or_else(|| format!("http://{listening}"));
    let gateway = crate::service::sms_out::Kannel {
        sendsms: sendsms.clone(),
        username: sms.username.clone(),
        password: sms.password.clone(),
        from: sms.from.clone(),
        reports: Some((reports, sms.token.clone())),
    };
    actix_web::rt::spawn(crate::service::sms_out::send_as_due(
        service.db().clone(),
        std::sync::Arc::new(gateway),
        routes::sms::words(),
        sms.rate,
        std::sync::Arc::downgrade(service),
    ));
}

/// What the service is made of: its reading connections, its writer, its endgame tables.
type Parts = (
    DbPool,
    std::sync::Arc<db::Writer>,
    crate::service::endgames::Endgames,
);

fn run(listener: TcpListener, parts: Parts, key: Key, config: &Config) -> std::io::Result<Server> {
    let (request_timeout, body_rate) = (config.request_timeout, config.body_rate);
    let workers = config.workers.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
    });
    let capacity = capacity(config);
    let trusted_proxies: std::sync::Arc<[std::net::IpAddr]> = config.trusted_proxies.clone().into();
    let connections = Connections::new(&capacity, trusted_proxies.clone());
    actix_web::rt::spawn(connections::reap_every_second(std::sync::Arc::downgrade(
        &connections,
    )));
    let service = service(parts, config);
    if config.backup_folder.is_some() {
        actix_web::rt::spawn(service.backups.clone().back_up_as_due());
    }
    // Tournaments linked to a hub are pushed there after every change, beside the service.
    actix_web::rt::spawn(crate::service::pushes::Publisher::publish_to_hubs(
        std::sync::Arc::downgrade(&service.publisher),
        config.publish_retry,
    ));
    send_sms(&service, config, listener.local_addr()?);
    let live = live_data(&capacity);
    let state = web::Data::new(AppState {
        service,
        rendered: Default::default(),
        sessions: Default::default(),
        trusted_proxies,
        public_url: config.public_url.as_deref().map(Into::into),
        listening: listener.local_addr()?,
    });
    let secure = config.secure_cookies;
    let app = move || {
        App::new()
            .wrap(middleware::from_fn(routes::error::with_way_back))
            .wrap(middleware::from_fn(routes::language::tournament_default))
            .wrap(middleware::from_fn(routes::plumbing::form_guard::check))
            .wrap(middleware::from_fn(move |req, next| {
                routes::plumbing::limits::within(request_timeout, body_rate, req, next)
            }))
            .wrap(
                middleware::DefaultHeaders::new()
                    .add(("X-Content-Type-Options", "nosniff"))
                    .add(("X-Frame-Options", "DENY"))
                    .add(("Referrer-Policy", "same-origin"))
                    .add(("Content-Security-Policy", CONTENT_SECURITY_POLICY)),
            )
            .wrap(middleware::from_fn(routes::plumbing::sessions::check))
            .wrap(
                SessionMiddleware::builder(CookieSessionStore::default(), key.clone())
                    .cookie_name("oware_session".to_string())
                    .cookie_secure(secure)
                    .cookie_http_only(true)
                    .cookie_same_site(SameSite::Strict)
                    .session_lifecycle(PersistentSession::default().session_ttl(Duration::days(7)))
                    .build(),
            )
            // Headers larger than the service reads are refused before anything reads them.
            .wrap(middleware::from_fn(
                routes::plumbing::limits::headers_within,
            ))
            // Outermost: the connection is busy from the request's head to its answer's end.
            .wrap(middleware::from_fn(connections::track))
            .app_data(state.clone())
            .configure(live.clone())
            .configure(routes::configure)
    };
    let local = listener.local_addr()?;
    // Each connection is admitted within its address's share before HTTP reads it (see
    // `web::connections`); a request's head must come within the first seconds and an idle
    // connection closes. A worker may hold every connection: the shares are counted across
    // workers.
    let server = Server::build()
        .workers(workers)
        // A stop waits this long for the requests under way, then closes every connection: an
        // idle keep-alive connection or an event stream never holds it longer.
        .shutdown_timeout(SHUTDOWN_TIMEOUT_SECONDS)
        .max_concurrent_connections(capacity.connections)
        .listen("oware", listener, move || {
            let http = HttpService::build()
                .client_request_timeout(routes::plumbing::limits::HEAD_TIMEOUT)
                .client_disconnect_timeout(routes::plumbing::limits::DISCONNECT_TIMEOUT)
                .keep_alive(routes::plumbing::limits::KEEP_ALIVE)
                .local_addr(local)
                .on_connect_ext(|io: &Guarded, data: &mut Extensions| {
                    data.insert(io.watch());
                })
                .h1(map_config(
                    app()
                        .into_factory()
                        .map_err(|e: actix_web::Error| e.error_response()),
                    |_| AppConfig::default(),
                ));
            let connections = connections.clone();
            apply_fn_factory(
                http,
                move |io: TcpStream, http: &H1ServiceHandler<_, _, _, _, _>| {
                    let call = connections::admitted(&connections, io).map(|io| http.call(io));
                    async move {
                        match call {
                            Some(dispatch) => dispatch.await,
                            None => Ok(()),
                        }
                    }
                },
            )
        })?
        .run();
    Ok(server)
}
