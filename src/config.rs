//! Settings of the service, from the command line and the environment.

/// Where and how the service runs.
#[derive(Clone, Debug)]
pub struct Config {
    /// Address to listen on (`host:port`; port 0 picks a free one).
    pub bind: String,
    /// The SQLite file.
    pub database_url: String,
    /// The first organiser's password; random (and printed once) when absent.
    pub admin_password: Option<String>,
    /// Send the session cookie only over HTTPS (set when a TLS proxy is in front).
    pub secure_cookies: bool,
    /// HTTP worker threads (default: one per core).
    pub workers: Option<usize>,
    /// The longest a request's body may take to arrive, from the request's first byte: a
    /// client that trickles its body is cut off then (408). The server's own work is not
    /// counted.
    pub request_timeout: std::time::Duration,
    /// How fast a request's body must come (408 otherwise).
    pub body_rate: crate::web::plumbing::limits::BodyRate,
    /// Proxies whose `X-Forwarded-For` gives the client's address (for the per-address
    /// throttle of failed sign-ins), and whose connections, carrying many clients, have no
    /// per-address share; none by default.
    pub trusted_proxies: Vec<std::net::IpAddr>,
    /// The address players reach the service at (`http://192.168.1.20:8080`), used by every
    /// printed address and QR code; by default the one each request came to.
    pub public_url: Option<String>,
    /// The connections and event streams the server holds; by default sized from the open-file
    /// limit, raised at start to what the hard limit allows.
    pub capacity: Option<crate::web::plumbing::limits::Capacity>,
    /// The folder backups are written to after each round published and at each event's end
    /// (a USB stick, a second disk); none by default.
    pub backup_folder: Option<std::path::PathBuf>,
    /// Litestream replicates the database: the service leaves the log's checkpoints to it.
    pub litestream: bool,
    /// The folder of the endgame tables (`endgame build` writes them); none by default.
    pub endgame_dir: Option<std::path::PathBuf>,
    /// The longest pause between two tries to reach a hub that cannot be reached (the pause
    /// doubles from a quarter of a second up to it).
    pub publish_retry: std::time::Duration,
    /// Text messages with players' phones through a gateway (`docs/sms.md`); none by default.
    pub sms: Option<SmsConfig>,
}

/// The SMS gateway and how the service talks to it (`OWARE_SMS_*`, `OWARE_KANNEL_*`).
#[derive(Clone, Debug)]
pub struct SmsConfig {
    /// The token the gateway gives with every message and delivery report it hands over.
    pub token: String,
    /// Kannel's `sendsms` address (`http://127.0.0.1:13013/cgi-bin/sendsms`); none: messages out
    /// are queued but not sent.
    pub sendsms: Option<String>,
    pub username: String,
    pub password: String,
    /// The number (or short code) messages come from.
    pub from: String,
    /// The calling code of numbers written for the venue's country (`233`).
    pub country: Option<String>,
    /// The most messages handed to the gateway in a second.
    pub rate: u32,
    /// The service's address as the gateway reaches it, for delivery reports; by default the
    /// address the service listens on.
    pub reports_url: Option<String>,
}

/// The default of [`SmsConfig::rate`]: a USB modem sends about one message a second.
pub const SMS_RATE: u32 = 1;

impl SmsConfig {
    /// From `OWARE_SMS_TOKEN` (without it, none), `OWARE_KANNEL_SENDSMS`, `OWARE_KANNEL_USER`,
    /// `OWARE_KANNEL_PASSWORD`, `OWARE_SMS_FROM`, `OWARE_SMS_COUNTRY`, `OWARE_SMS_RATE`,
    /// `OWARE_SMS_REPORTS_URL`.
    fn from_env(var: impl Fn(&str) -> Option<String>) -> Result<Option<SmsConfig>, String> {
        let Some(token) = var("OWARE_SMS_TOKEN") else {
            return Ok(None);
        };
        if token.len() < 16 {
            return Err("OWARE_SMS_TOKEN: at least 16 characters, as a password".to_string());
        }
        let country = match var("OWARE_SMS_COUNTRY") {
            None => None,
            Some(code) => {
                let digits = code.trim_start_matches('+');
                if digits.is_empty()
                    || digits.len() > 4
                    || !digits.bytes().all(|b| b.is_ascii_digit())
                {
                    return Err(format!(
                        "OWARE_SMS_COUNTRY: {code:?} is not a calling code such as 233"
                    ));
                }
                Some(digits.to_string())
            }
        };
        let rate = match var("OWARE_SMS_RATE") {
            None => SMS_RATE,
            Some(r) => r.parse().ok().filter(|&r| r > 0).ok_or_else(|| {
                format!("OWARE_SMS_RATE: {r:?} is not a number of messages a second")
            })?,
        };
        Ok(Some(SmsConfig {
            token,
            sendsms: var("OWARE_KANNEL_SENDSMS"),
            username: var("OWARE_KANNEL_USER").unwrap_or_default(),
            password: var("OWARE_KANNEL_PASSWORD").unwrap_or_default(),
            from: var("OWARE_SMS_FROM").unwrap_or_default(),
            country,
            rate,
            reports_url: var("OWARE_SMS_REPORTS_URL")
                .map(|url| public_url(&url))
                .transpose()?,
        }))
    }
}

/// The default of [`Config::publish_retry`].
pub const PUBLISH_RETRY: std::time::Duration = std::time::Duration::from_secs(30);

/// The default of [`Config::request_timeout`]: the time a request's body has to arrive, longer
/// than the slowest legitimate sender needs (what the server then does is not counted).
pub const REQUEST_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(30);

/// The folder of endgame tables the service reads (and `export-site`).
pub const ENDGAME_DIR: &str = "OWARE_ENDGAME_DIR";
pub const DEFAULT_BIND: &str = "127.0.0.1:8080";
pub const DEFAULT_DATABASE: &str = "oware.db";

impl Config {
    /// From the environment: `OWARE_BIND`, `DATABASE_URL`, `OWARE_ADMIN_PASSWORD`,
    /// `OWARE_SECURE_COOKIES` (1/true), `OWARE_WORKERS`, `OWARE_TRUSTED_PROXIES` (addresses,
    /// separated by commas), `OWARE_PUBLIC_URL`, `OWARE_BACKUP_DIR`, `OWARE_LITESTREAM` (1/true), `OWARE_ENDGAME_DIR`, and the SMS gateway's
    /// (`SmsConfig`).
    pub fn from_env() -> Result<Config, String> {
        let var = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
        let trusted_proxies = match var("OWARE_TRUSTED_PROXIES") {
            None => Vec::new(),
            Some(list) => list
                .split(',')
                .map(|a| {
                    a.trim().parse().map_err(|_| {
                        format!("OWARE_TRUSTED_PROXIES: {:?} is not an IP address", a.trim())
                    })
                })
                .collect::<Result<_, _>>()?,
        };
        Ok(Config {
            bind: var("OWARE_BIND").unwrap_or_else(|| DEFAULT_BIND.to_string()),
            database_url: var("DATABASE_URL").unwrap_or_else(|| DEFAULT_DATABASE.to_string()),
            admin_password: var("OWARE_ADMIN_PASSWORD"),
            secure_cookies: var("OWARE_SECURE_COOKIES")
                .is_some_and(|v| v == "1" || v.eq_ignore_ascii_case("true")),
            workers: var("OWARE_WORKERS")
                .and_then(|v| v.parse().ok())
                .filter(|&n| n > 0),
            request_timeout: REQUEST_TIMEOUT,
            body_rate: crate::web::plumbing::limits::BODY_RATE,
            trusted_proxies,
            public_url: var("OWARE_PUBLIC_URL")
                .map(|url| public_url(&url))
                .transpose()?,
            capacity: None,
            backup_folder: var("OWARE_BACKUP_DIR").map(Into::into),
            endgame_dir: var(ENDGAME_DIR).map(Into::into),
            litestream: var("OWARE_LITESTREAM")
                .is_some_and(|v| v == "1" || v.eq_ignore_ascii_case("true")),
            publish_retry: PUBLISH_RETRY,
            sms: SmsConfig::from_env(var)?,
        })
    }
}

/// A public address as written (`https://oware.example.org/`), checked and without its last `/`.
pub fn public_url(text: &str) -> Result<String, String> {
    let url = text.trim().trim_end_matches('/');
    let rest = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"))
        .filter(|host| !host.is_empty() && !host.contains(['/', '?', '#']))
        .filter(|_| !url.chars().any(|c| c.is_whitespace() || c.is_control()));
    match rest {
        Some(_) => Ok(url.to_string()),
        None => Err(format!(
            "OWARE_PUBLIC_URL: {text:?} is not an address such as http://192.168.1.20:8080"
        )),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_public_address_is_a_site_without_a_path() {
        assert_eq!(
            super::public_url(" https://oware.example.org/ ").unwrap(),
            "https://oware.example.org"
        );
        assert_eq!(
            super::public_url("http://192.168.1.20:8080").unwrap(),
            "http://192.168.1.20:8080"
        );
        for bad in [
            "192.168.1.20",
            "ftp://x",
            "http://",
            "http://a b",
            "http://x/path",
            "https://x?y",
        ] {
            assert!(super::public_url(bad).is_err(), "{bad}");
        }
    }
}
