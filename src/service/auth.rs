//! Signing in, whole: the address's allowance taken, the account or players a secret is checked
//! against, the failures counted against them before the secret is checked (argon2, off the
//! async threads and away from the database connections, in the lane of a known device or of
//! anyone), and what a right secret clears. A name with no account answers exactly as one with
//! an account.

use std::net::IpAddr;

use chrono::{Duration, NaiveDateTime, Utc};
use diesel::sqlite::SqliteConnection;

use super::{Actor, Connections, ServiceError, blocking, transaction};
use crate::auth::identity::{device_mark, player_prefix, secret_prefix, staff_prefix};
use crate::auth::password::DUMMY_HASH;
use crate::auth::throttle::{Claimed, Target};
use crate::auth::{Identity, LOCK_MINUTES, Lane, MAX_FAILURES, verify_secret};
use crate::db::models::{Account, Player};
use crate::db::queries;
use crate::tournament::said::Said;
use crate::tournament::{AccountId, PlayerId, TournamentId};

/// Someone trying a secret: from which address, and as whom their browser has signed in before
/// (the marks its session remembers).
pub struct Attempt {
    pub address: IpAddr,
    pub known: Vec<String>,
}

impl Attempt {
    /// This browser's mark for an owner, if it signed in as them with the secret whose hash is
    /// `secret_hash` (a mark from before a new PIN or password is a stranger's).
    fn mark_for(&self, owner_prefix: &str, secret_hash: &str) -> Option<String> {
        let prefix = secret_prefix(owner_prefix, secret_hash);
        self.known.iter().find(|m| m.starts_with(&prefix)).cloned()
    }
}

fn lane(known: bool) -> Lane {
    if known { Lane::Known } else { Lane::Anyone }
}

/// Who signed in, and the generation of their sessions the new session belongs to.
pub struct SignedIn {
    pub identity: Identity,
    pub generation: i32,
    /// What the browser remembers of this sign-in ([`crate::auth::identity::device_mark`]).
    pub device_mark: String,
}

/// Verifies a secret off the async threads, holding no database connection while argon2 works
/// (or waits for its turn in `lane`).
async fn verify(secret: String, hash: String, lane: Lane) -> Result<bool, ServiceError> {
    blocking(move || verify_secret(secret.trim(), &hash, lane)).await
}

impl SignIn {
    /// The sign-in's state, empty, on these connections.
    pub fn new(db: Connections) -> SignIn {
        SignIn {
            db,
            throttle: Default::default(),
            devices: Default::default(),
            unknown_names: Default::default(),
        }
    }

    /// Takes one failure of the address's allowance before anything is checked (waiting while
    /// the address's attempts under way fill it), or lets the attempt at `target` through under
    /// the venue rule (see [`crate::auth::throttle`]); the failure is given back if the secret
    /// is right ([`Claimed::succeeded`]).
    pub(super) async fn claim(
        &self,
        attempt: &Attempt,
        target: Target,
    ) -> Result<Claimed, ServiceError> {
        self.throttle
            .claim(attempt.address, target)
            .await
            .map_err(|wait| {
                ServiceError::TooManyAttempts(crate::said!(
                    "too-many-failed-sign-ins",
                    seconds = wait.as_secs().max(1)
                ))
            })
    }

    /// Signs a member of staff in with username and password (a dummy hash for unknown names,
    /// so that the time taken reveals nothing). Failures are counted against the address they
    /// come from and against the account, which they lock a while for new devices.
    pub async fn sign_in_staff(
        &self,
        attempt: &Attempt,
        username: String,
        password: String,
    ) -> Result<SignedIn, ServiceError> {
        let name = username.clone();
        let account = self.db.read(move |conn| account(conn, &name)).await?;
        // A device known to the account, with failures of its own left.
        let mark = account
            .as_ref()
            .and_then(|a| attempt.mark_for(&staff_prefix(a.id), &a.password_hash));
        let known = mark.as_deref().is_some_and(|m| self.devices.allowed(m));
        let target = Target {
            known,
            ..Target::username(&username)
        };
        let claimed = self.claim(attempt, target).await?;
        let now = Utc::now().naive_utc();
        let Some(account) = account else {
            // Answered as an account would be: counted, locked after as many failures, a write
            // and an argon2 check in the time.
            self.unknown_names.claim(&username, now)?;
            self.db.write(claim_nothing).await?;
            verify(password, DUMMY_HASH.clone(), Lane::Anyone).await?;
            return Err(ServiceError::WrongCredentials(Said::new(WRONG_LOGIN)));
        };
        let id = account.id;
        // Counted before the check: a burst of guesses cannot all be checked inside one lock
        // window.
        self.db
            .write(move |conn| claim_login(conn, id, now, known))
            .await?;
        if !verify(password, account.password_hash.clone(), lane(known)).await? {
            if let Some(m) = &mark {
                self.devices.failed(m);
            }
            return Err(ServiceError::WrongCredentials(Said::new(WRONG_LOGIN)));
        }
        self.db.write(move |conn| login_succeeded(conn, id)).await?;
        claimed.succeeded();
        if let Some(m) = &mark {
            self.devices.succeeded(m);
        }
        Ok(SignedIn {
            device_mark: device_mark(&staff_prefix(id), &account.password_hash),
            identity: Identity::Staff {
                account_id: account.id,
                username: account.username,
                role: account.role,
            },
            generation: account.session_generation,
        })
    }

    /// Signs a player of the tournament in with their PIN.
    pub async fn sign_in_player(
        &self,
        attempt: &Attempt,
        tournament_id: TournamentId,
        player_id: PlayerId,
        pin: String,
    ) -> Result<SignedIn, ServiceError> {
        let signed = self
            .check_pin_of(attempt, tournament_id, vec![player_id], pin)
            .await?;
        // Signing in while the roll call is open answers it: the writer is asked only then (a
        // roll call closed meanwhile is seen again in its transaction).
        let open = self
            .db
            .read(move |conn| super::roll_call::open_for(conn, tournament_id, None))
            .await?;
        if open.is_some() {
            let actor = Actor::Signed(signed.identity.clone());
            self.db
                .write(move |conn| {
                    super::roll_call::signed_in(conn, &actor, tournament_id, player_id)
                })
                .await?;
        }
        Ok(signed)
    }

    /// Checks the PIN of one of `candidates` (players of a tournament): the player whose PIN it
    /// is. A wrong PIN counts against the address and every candidate; repeated failures lock a
    /// PIN a while for new devices.
    pub(super) async fn check_pin_of(
        &self,
        attempt: &Attempt,
        tournament_id: TournamentId,
        candidates: Vec<PlayerId>,
        pin: String,
    ) -> Result<SignedIn, ServiceError> {
        let one = match candidates[..] {
            [one] => Some(one),
            _ => None,
        };
        let players = self
            .db
            .read(move |conn| pin_candidates(conn, tournament_id, &candidates))
            .await?;
        // Each player's mark on this browser, if it signed in as them with their PIN as it is.
        let marks: Vec<Option<String>> = players
            .iter()
            .map(|p| attempt.mark_for(&player_prefix(p.id), &p.pin_hash))
            .collect();
        let known =
            |mark: &Option<String>| mark.as_deref().is_some_and(|m| self.devices.allowed(m));
        let target = match one {
            Some(one) => Target::player(one.get(), marks.first().is_some_and(known)),
            None => Target::several(),
        };
        let claimed = self.claim(attempt, target).await?;
        let now = Utc::now().naive_utc();
        if players.is_empty() {
            verify(pin, DUMMY_HASH.clone(), Lane::Anyone).await?;
            return Err(ServiceError::WrongCredentials(Said::new(WRONG_PIN)));
        }
        // Each attempt is counted against a player before the PIN is checked against them; a
        // player whose PIN is locked is not tried (the other player of a game still may be).
        let mut tried: Vec<PlayerId> = Vec::new();
        for (player, mark) in players.into_iter().zip(marks) {
            let id = player.id;
            let known = known(&mark);
            if !self
                .db
                .write(move |conn| claim_pin(conn, id, now, known))
                .await?
            {
                continue;
            }
            if verify(pin.clone(), player.pin_hash.clone(), lane(known)).await? {
                self.db
                    .write(move |conn| pin_succeeded(conn, id, &tried))
                    .await?;
                claimed.succeeded();
                if let Some(m) = &mark {
                    self.devices.succeeded(m);
                }
                return Ok(SignedIn {
                    device_mark: device_mark(&player_prefix(id), &player.pin_hash),
                    identity: Identity::Player {
                        player_id: player.id,
                        tournament_id,
                        name: player.name,
                    },
                    generation: player.session_generation,
                });
            }
            if let Some(m) = &mark {
                self.devices.failed(m);
            }
            tried.push(id);
        }
        if tried.is_empty() {
            return Err(pin_locked());
        }
        Err(ServiceError::WrongCredentials(Said::new(WRONG_PIN)))
    }

    /// Signing out ends every session of the owner, the copies of its cookie included.
    pub async fn sign_out(&self, owner: Owner) -> Result<(), ServiceError> {
        self.db.write(move |conn| end_sessions(conn, owner)).await?;
        Ok(())
    }
}

pub const WRONG_LOGIN: &str = "wrong-login";

/// Whose sessions: a staff account's or a player's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Owner {
    Account(AccountId),
    Player(PlayerId),
}

impl Owner {
    pub fn of(identity: &crate::auth::Identity) -> Owner {
        match identity {
            crate::auth::Identity::Staff { account_id, .. } => Owner::Account(*account_id),
            crate::auth::Identity::Player { player_id, .. } => Owner::Player(*player_id),
        }
    }
}

/// The generation an owner's sessions must carry to hold (none when the owner is gone).
pub fn session_generation(
    conn: &mut SqliteConnection,
    owner: Owner,
) -> Result<Option<i32>, ServiceError> {
    let found = match owner {
        Owner::Account(id) => queries::get_account(conn, id).map(|a| a.session_generation),
        Owner::Player(id) => queries::get_player_by_id(conn, id).map(|p| p.session_generation),
    };
    match found {
        Ok(g) => Ok(Some(g)),
        Err(diesel::result::Error::NotFound) => Ok(None),
        Err(e) => Err(e.into()),
    }
}

/// Signing out ends every session of the owner, the copies of its cookie included.
pub fn end_sessions(conn: &mut SqliteConnection, owner: Owner) -> Result<i32, ServiceError> {
    transaction(conn, |conn| {
        Ok(match owner {
            Owner::Account(id) => queries::end_account_sessions(conn, id)?,
            Owner::Player(id) => queries::end_player_sessions(conn, id)?,
        })
    })
}
pub const WRONG_PIN: &str = "wrong-pin";

fn account(conn: &mut SqliteConnection, username: &str) -> Result<Option<Account>, ServiceError> {
    Ok(queries::find_account_by_username(conn, username.trim())?)
}

/// Refuses while the account is locked.
pub fn check_account_lock(account: &Account, now: NaiveDateTime) -> Result<(), ServiceError> {
    if account.locked_until.is_some_and(|until| until > now) {
        return Err(account_locked());
    }
    Ok(())
}

/// The count of attempts after one more, and the lock it brings: a lock that has run out starts
/// the count again; the attempt that reaches the limit locks.
fn next_attempt(
    failures: i32,
    locked_until: Option<NaiveDateTime>,
    now: NaiveDateTime,
) -> (i32, Option<NaiveDateTime>) {
    let failures = if locked_until.is_some() { 0 } else { failures } + 1;
    let lock = (failures >= MAX_FAILURES).then(|| now + Duration::minutes(LOCK_MINUTES));
    (failures, lock)
}

/// What signing in keeps between requests: the failures of each client address, of each known
/// device and at each name that has no account.
pub struct SignIn {
    db: Connections,
    /// Failed sign-ins per client address.
    throttle: std::sync::Arc<crate::auth::throttle::AddressThrottle>,
    /// Failed sign-ins per known device.
    devices: crate::auth::devices::DeviceFailures,
    /// Sign-in attempts at names that have no account.
    unknown_names: UnknownNames,
}

/// Attempts at names that have no account, counted as [`claim_login`] counts them for accounts:
/// a name with no account answers exactly as one with an account would (the same lock after the
/// same failures), so the answers do not tell which names exist. Kept in memory, at most
/// [`UNKNOWN_NAMES`] names at a time.
#[derive(Default)]
pub struct UnknownNames {
    attempts: std::sync::Mutex<std::collections::HashMap<String, (i32, Option<NaiveDateTime>)>>,
}

/// The most names with no account whose attempts are remembered.
pub const UNKNOWN_NAMES: usize = 10_000;

impl UnknownNames {
    /// Counts an attempt at a name with no account; refused while the name is "locked".
    pub fn claim(&self, username: &str, now: NaiveDateTime) -> Result<(), ServiceError> {
        let mut attempts = self
            .attempts
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if attempts.len() >= UNKNOWN_NAMES {
            attempts.retain(|_, (_, lock)| lock.is_some_and(|until| until > now));
            if attempts.len() >= UNKNOWN_NAMES {
                attempts.clear();
            }
        }
        let entry = attempts
            .entry(username.trim().to_ascii_lowercase())
            .or_insert((0, None));
        if entry.1.is_some_and(|until| until > now) {
            return Err(account_locked());
        }
        *entry = next_attempt(entry.0, entry.1, now);
        Ok(())
    }
}

/// The answer while an account is locked.
fn account_locked() -> ServiceError {
    ServiceError::TooManyAttempts(crate::said!(
        "too-many-failed-sign-ins-2",
        lock_minutes = LOCK_MINUTES
    ))
}

/// The write a sign-in at a name with no account makes, so that it takes as long as one at a
/// name with an account (whose attempt is counted in the database).
fn claim_nothing(conn: &mut SqliteConnection) -> Result<(), ServiceError> {
    transaction(conn, |_| Ok(()))
}

/// Counts a sign-in attempt before the password is checked, in one write: however many
/// attempts come at once, at most [`MAX_FAILURES`] are checked before the account locks, and
/// one that comes while it is locked is refused unchecked. A right password then clears the
/// count ([`login_succeeded`]).
///
/// The lock keeps out new devices only: an attempt from a browser that has signed in to the
/// account before (`known_device`) is checked while the account is locked, so a stranger's
/// failures cannot keep the owner out of their own device (the per-address throttle still
/// bounds its pace).
fn claim_login(
    conn: &mut SqliteConnection,
    id: AccountId,
    now: NaiveDateTime,
    known_device: bool,
) -> Result<(), ServiceError> {
    transaction(conn, |conn| {
        let account = queries::get_account(conn, id)?;
        if let Err(locked) = check_account_lock(&account, now) {
            // Checked uncounted from a device known to the account; refused from any other.
            return if known_device { Ok(()) } else { Err(locked) };
        }
        let (failures, lock) = next_attempt(account.failed_logins, account.locked_until, now);
        Ok(queries::set_login_attempts(conn, id, failures, lock)?)
    })
}

fn login_succeeded(conn: &mut SqliteConnection, id: AccountId) -> Result<(), ServiceError> {
    transaction(conn, |conn| Ok(queries::clear_login_failures(conn, id)?))
}

/// The players of `candidates` that belong to the tournament.
fn pin_candidates(
    conn: &mut SqliteConnection,
    tournament_id: TournamentId,
    candidates: &[PlayerId],
) -> Result<Vec<Player>, ServiceError> {
    let mut found = Vec::with_capacity(candidates.len());
    for &id in candidates {
        match queries::get_player(conn, tournament_id, id) {
            Ok(p) => found.push(p),
            Err(diesel::result::Error::NotFound) => {}
            Err(e) => return Err(e.into()),
        }
    }
    Ok(found)
}

/// The answer while a PIN is locked.
fn pin_locked() -> ServiceError {
    ServiceError::TooManyAttempts(crate::said!(
        "too-many-wrong-pins-ask",
        lock_minutes = LOCK_MINUTES
    ))
}

/// Counts a PIN attempt against a player before the PIN is checked, as [`claim_login`] does
/// for passwords: `false` (and nothing counted) while the player's PIN is locked, unless the
/// attempt comes from a browser the player has signed in on before (`known_device`).
fn claim_pin(
    conn: &mut SqliteConnection,
    id: PlayerId,
    now: NaiveDateTime,
    known_device: bool,
) -> Result<bool, ServiceError> {
    transaction(conn, |conn| {
        let player = queries::get_player_by_id(conn, id)?;
        if player.pin_locked_until.is_some_and(|until| until > now) {
            return Ok(known_device);
        }
        let (failures, lock) = next_attempt(player.failed_pins, player.pin_locked_until, now);
        queries::set_pin_attempts(conn, id, failures, lock)?;
        Ok(true)
    })
}

/// The PIN was right: its player's count is cleared, and the attempt counted against the other
/// players it was tried on (the opponent, for a sheet sent with a PIN) is taken back.
fn pin_succeeded(
    conn: &mut SqliteConnection,
    id: PlayerId,
    also_tried: &[PlayerId],
) -> Result<(), ServiceError> {
    transaction(conn, |conn| {
        queries::clear_pin_failures(conn, id)?;
        for &other in also_tried {
            let p = queries::get_player_by_id(conn, other)?;
            let failures = (p.failed_pins - 1).max(0);
            let lock = p.pin_locked_until.filter(|_| failures >= MAX_FAILURES);
            queries::set_pin_attempts(conn, other, failures, lock)?;
        }
        Ok(())
    })
}
