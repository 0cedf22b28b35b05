//! Failed sign-ins counted per client address: each address has an allowance of failures that
//! refills slowly (a leaky bucket), so that one address can neither guess on at speed nor keep
//! argon2 busy, while a venue whose players all sign in from one address is never held up.
//!
//! An attempt takes its failure from the allowance before its secret is checked, so that a burst
//! of guesses cannot all be checked at once; it gives the failure back when the secret was right.
//! While attempts still being checked are what fills the allowance, the next attempt waits for
//! one of them to end instead of being refused: a room of players signing in at once over one
//! network waits a moment, and is never told it failed too often.
//!
//! The venue rule: every phone of a room may share one address, so what fills an address's
//! allowance must be guessing, never typing.
//!
//! - A right secret also gives back the failures its account had from the address: a typo
//!   followed by the right PIN costs nothing. Only an attempt at one account (a player chosen on
//!   the sign-in page, a username) counts so; a PIN sent with a score sheet, tried against both
//!   players, is neither given back nor gives back.
//! - A device that has signed in as the account before is not held back by its address.
//! - Once the address has failed too often (someone guessing), a new device still gets one
//!   attempt at each account every [`FIRST_TRY_WINDOW`], if that account has had no failure from
//!   the address in that time: a player signing in for the first time with the right PIN gets
//!   in, and a guesser beyond the allowance gets one guess per account per window.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// Failures an address may make in a row before it has to wait.
pub const ADDRESS_ALLOWANCE: u32 = 20;
/// One failure of the allowance comes back after this long.
pub const ADDRESS_REFILL: Duration = Duration::from_secs(30);
/// Attempts of one address that may wait at once for those under way (a large venue signing in
/// together, several hundred phones in the same second); more are refused at once. What one
/// address may hold open is bounded by its share of the connections (`web::connections`).
pub const ADDRESS_WAITING: u32 = 1_000;
/// The most addresses remembered at a time; past it, addresses whose allowance is whole again
/// are forgotten first.
const ADDRESSES: usize = 100_000;
/// Once an address has failed too often, each account may still be tried once from it in this
/// time, if it had no failure from the address in this time.
pub const FIRST_TRY_WINDOW: Duration = Duration::from_secs(2 * 60 * 60);
/// The accounts remembered per address, and in all (past these, no failure is given back and no
/// first try is granted: the rule errs on the side of the allowance).
const ACCOUNTS_PER_ADDRESS: usize = 2_048;
const ACCOUNTS: usize = 100_000;

/// What an attempt is at, as the address's allowance sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Target {
    /// One account (a player, a username), by a key of its own; none when the secret is tried
    /// against several (a score sheet's PIN).
    pub account: Option<u64>,
    /// The device has signed in as that account before.
    pub known: bool,
}

impl Target {
    /// A player's PIN on the sign-in page.
    pub fn player(id: i32, known: bool) -> Target {
        Target {
            account: Some(u64::from(id.unsigned_abs()) | 1 << 63),
            known,
        }
    }

    /// A username (whether or not it has an account).
    pub fn username(name: &str) -> Target {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        name.trim().to_lowercase().hash(&mut hasher);
        Target {
            account: Some(hasher.finish() & !(1 << 63)),
            known: false,
        }
    }

    /// A secret tried against several accounts.
    pub fn several() -> Target {
        Target {
            account: None,
            known: false,
        }
    }
}

/// How an attempt was let through.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pass {
    /// It took a failure of the allowance.
    Counted,
    /// From a device known to the account: the allowance is not touched.
    Known,
    /// The account's one try while the address has failed too often.
    FirstTry,
}

/// An address's failures at one account, and its last first try.
#[derive(Clone, Copy, Default)]
struct Tried {
    failures: u32,
    last_failure: Option<Instant>,
    first_try: Option<Instant>,
}

impl Tried {
    fn recent(at: Option<Instant>, now: Instant) -> bool {
        at.is_some_and(|t| now.saturating_duration_since(t) < FIRST_TRY_WINDOW)
    }

    fn forgotten(&self, now: Instant) -> bool {
        !Tried::recent(self.last_failure, now) && !Tried::recent(self.first_try, now)
    }
}

/// The key of an address: an IPv4 address, or the /64 network of an IPv6 address (what one
/// subscriber is given).
pub fn address_key(address: IpAddr) -> IpAddr {
    match address {
        IpAddr::V4(_) => address,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let mut segments = v6.segments();
                segments[4..].fill(0);
                IpAddr::V6(segments.into())
            }
        },
    }
}

/// How full an address's bucket was, and when; `pending` of its level are attempts still being
/// checked, and `waiting` attempts wait for them.
struct Bucket {
    level: f64,
    at: Instant,
    pending: u32,
    waiting: u32,
    /// The accounts attempted from the address lately (see [`Target::account`]).
    accounts: HashMap<u64, Tried>,
}

impl Bucket {
    /// The record of `account`, made if it may be (`room`: the accounts remembered in all
    /// leave room for one more); none when the address remembers too many already.
    fn tried(&mut self, account: u64, room: bool) -> Option<(&mut Tried, bool)> {
        let fresh = !self.accounts.contains_key(&account);
        if fresh && !(room && self.accounts.len() < ACCOUNTS_PER_ADDRESS) {
            return None;
        }
        Some((self.accounts.entry(account).or_default(), fresh))
    }
}

impl Bucket {
    fn level_at(&self, now: Instant) -> f64 {
        let drained =
            now.saturating_duration_since(self.at).as_secs_f64() / ADDRESS_REFILL.as_secs_f64();
        (self.level - drained).max(0.0)
    }
}

/// Why an attempt may not be checked now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The address has failed too often: it must wait this long.
    Refused(Duration),
    /// Attempts of the address still being checked fill its allowance: wait for one to end.
    Busy,
}

/// Every address's bucket, and how many accounts they remember in all.
#[derive(Default)]
struct State {
    buckets: HashMap<IpAddr, Bucket>,
    accounts: usize,
}

impl State {
    /// Forgets addresses, when there are too many: first those whose allowance is whole again,
    /// then any with no attempt under way.
    fn make_room(&mut self, now: Instant) {
        if self.buckets.len() < ADDRESSES {
            return;
        }
        self.buckets
            .retain(|_, b| b.pending + b.waiting > 0 || b.level_at(now) > 0.0);
        if self.buckets.len() >= ADDRESSES {
            self.buckets.retain(|_, b| b.pending + b.waiting > 0);
        }
        self.accounts = self.buckets.values().map(|b| b.accounts.len()).sum();
    }

    /// The bucket of `address`'s key, its old account records dropped.
    fn bucket(&mut self, address: IpAddr, now: Instant) -> &mut Bucket {
        let bucket = self.buckets.entry(address_key(address)).or_insert(Bucket {
            level: 0.0,
            at: now,
            pending: 0,
            waiting: 0,
            accounts: HashMap::new(),
        });
        let before = bucket.accounts.len();
        bucket.accounts.retain(|_, t| !t.forgotten(now));
        self.accounts -= before - bucket.accounts.len();
        bucket
    }
}

/// The failures of every address.
#[derive(Default)]
pub struct AddressThrottle {
    state: Mutex<State>,
    /// Woken whenever an attempt ends.
    ended: tokio::sync::Notify,
}

impl AddressThrottle {
    /// Takes one failure of the address's allowance before a secret is checked (so that a burst
    /// cannot all be checked), lets the attempt through under the venue rule, or says why not;
    /// an attempt told [`Verdict::Busy`] counts as waiting until it tries again.
    pub fn try_claim(
        &self,
        address: IpAddr,
        target: Target,
        now: Instant,
    ) -> Result<Pass, Verdict> {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        state.make_room(now);
        let room = state.accounts < ACCOUNTS;
        let bucket = state.bucket(address, now);
        if target.known && target.account.is_some() {
            return Ok(Pass::Known);
        }
        let level = bucket.level_at(now);
        let allowance = f64::from(ADDRESS_ALLOWANCE);
        if level + 1.0 <= allowance {
            bucket.level = level + 1.0;
            bucket.at = now;
            bucket.pending += 1;
            return Ok(Pass::Counted);
        }
        let failed = (level - f64::from(bucket.pending)).max(0.0);
        if bucket.pending > 0 && failed + 1.0 <= allowance {
            if bucket.waiting >= ADDRESS_WAITING {
                return Err(Verdict::Refused(Duration::from_secs(1)));
            }
            bucket.waiting += 1;
            return Err(Verdict::Busy);
        }
        // Someone has been guessing: each account still gets its one try.
        if let Some((tried, fresh)) = target.account.and_then(|a| bucket.tried(a, room))
            && !Tried::recent(tried.last_failure, now)
            && !Tried::recent(tried.first_try, now)
        {
            tried.first_try = Some(now);
            state.accounts += usize::from(fresh);
            return Ok(Pass::FirstTry);
        }
        let wait = (failed + 1.0 - allowance) * ADDRESS_REFILL.as_secs_f64();
        Err(Verdict::Refused(Duration::from_secs_f64(
            wait.ceil().max(1.0),
        )))
    }

    /// An attempt that was told [`Verdict::Busy`] no longer waits.
    fn stop_waiting(&self, address: IpAddr) {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(bucket) = state.buckets.get_mut(&address_key(address)) {
            bucket.waiting = bucket.waiting.saturating_sub(1);
        }
    }

    /// Takes one failure of the address's allowance, waiting while attempts still being
    /// checked fill it; refused (with how long to wait) once the address has failed too often.
    /// The attempt counts as failed unless [`Claimed::succeeded`] says otherwise.
    pub async fn claim(
        self: &Arc<Self>,
        address: IpAddr,
        target: Target,
    ) -> Result<Claimed, Duration> {
        loop {
            // Listening before looking, so that an attempt ending in between is not missed.
            let mut ended = std::pin::pin!(self.ended.notified());
            ended.as_mut().enable();
            match self.try_claim(address, target, Instant::now()) {
                Ok(pass) => {
                    return Ok(Claimed {
                        throttle: self.clone(),
                        address,
                        target,
                        pass,
                        succeeded: false,
                    });
                }
                Err(Verdict::Refused(wait)) => return Err(wait),
                Err(Verdict::Busy) => {
                    // Counted as waiting until woken, or until the request is dropped.
                    let _waiting = Waiting {
                        throttle: self,
                        address,
                    };
                    ended.await;
                }
            }
        }
    }

    /// An attempt has ended: the failure it claimed is given back if its secret was right, with
    /// the failures its account had from the address; a failure at one account is remembered.
    pub fn end(&self, address: IpAddr, target: Target, pass: Pass, succeeded: bool, now: Instant) {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        let room = state.accounts < ACCOUNTS;
        let mut added = 0;
        let mut removed = 0;
        if let Some(bucket) = state.buckets.get_mut(&address_key(address))
            && pass != Pass::Known
        {
            let mut level = bucket.level_at(now);
            if pass == Pass::Counted {
                bucket.pending = bucket.pending.saturating_sub(1);
                if succeeded {
                    level -= 1.0;
                }
            }
            if let Some(account) = target.account {
                if succeeded {
                    if let Some(tried) = bucket.accounts.remove(&account) {
                        // What is left of them: the allowance drains one failure each
                        // refill time, counted here against the account's own first.
                        let drained = tried.last_failure.map_or(0.0, |at| {
                            now.saturating_duration_since(at).as_secs_f64()
                                / ADDRESS_REFILL.as_secs_f64()
                        });
                        level -= (f64::from(tried.failures) - drained).max(0.0);
                        removed = 1;
                    }
                } else if let Some((tried, fresh)) = bucket.tried(account, room) {
                    added = usize::from(fresh);
                    // Only a failure that took from the allowance can be given back.
                    if pass == Pass::Counted {
                        tried.failures += 1;
                    }
                    tried.last_failure = Some(now);
                }
            }
            bucket.level = level.max(0.0);
            bucket.at = now;
        }
        state.accounts = state.accounts + added - removed;
        drop(state);
        self.ended.notify_waiters();
    }
}

/// An attempt waiting for those under way.
struct Waiting<'a> {
    throttle: &'a AddressThrottle,
    address: IpAddr,
}

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.throttle.stop_waiting(self.address);
    }
}

/// An attempt being checked: when it is dropped, it ends as a failure unless it succeeded.
pub struct Claimed {
    throttle: Arc<AddressThrottle>,
    address: IpAddr,
    target: Target,
    pass: Pass,
    succeeded: bool,
}

impl Claimed {
    /// The secret was right.
    pub fn succeeded(mut self) {
        self.succeeded = true;
    }
}

impl Drop for Claimed {
    fn drop(&mut self) {
        self.throttle.end(
            self.address,
            self.target,
            self.pass,
            self.succeeded,
            Instant::now(),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn addr(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    /// A secret tried against several accounts: the plain allowance.
    const ANY: Target = Target {
        account: None,
        known: false,
    };

    /// One attempt at `target`, ended as it goes; how it was let through.
    fn attempt(
        throttle: &AddressThrottle,
        at: IpAddr,
        target: Target,
        right: bool,
        now: Instant,
    ) -> Result<Pass, Verdict> {
        let pass = throttle.try_claim(at, target, now)?;
        throttle.end(at, target, pass, right, now);
        Ok(pass)
    }

    #[test]
    fn a_room_of_typos_followed_by_the_right_pin_uses_none_of_the_allowance() {
        let throttle = AddressThrottle::default();
        let venue = addr("192.0.2.50");
        let now = Instant::now();
        // A hundred players behind one address, each mistyping once, then right.
        for id in 1..=100 {
            let player = Target::player(id, false);
            assert_eq!(
                attempt(&throttle, venue, player, false, now),
                Ok(Pass::Counted)
            );
            assert_eq!(
                attempt(&throttle, venue, player, true, now),
                Ok(Pass::Counted)
            );
        }
        let level = throttle.state.lock().unwrap().buckets[&venue].level;
        assert!(level < 1e-9, "{level}");
        // A PIN sent with a score sheet (tried against both players) gives nothing back.
        attempt(&throttle, venue, ANY, false, now).unwrap();
        attempt(&throttle, venue, Target::player(1, false), true, now).unwrap();
        let level = throttle.state.lock().unwrap().buckets[&venue].level;
        assert!((level - 1.0).abs() < 1e-9, "{level}");
    }

    #[test]
    fn a_guesser_fills_the_allowance_but_each_account_keeps_its_one_try() {
        let throttle = AddressThrottle::default();
        let venue = addr("192.0.2.60");
        let now = Instant::now();
        // A stranger guesses at twenty players and fills the address's allowance.
        for id in 1..=ADDRESS_ALLOWANCE as i32 {
            attempt(&throttle, venue, Target::player(id, false), false, now).unwrap();
        }
        assert!(matches!(
            attempt(&throttle, venue, Target::player(1, false), false, now),
            Err(Verdict::Refused(_))
        ));
        // A player of the room who never failed signs in with the right PIN.
        let ama = Target::player(500, false);
        assert_eq!(
            attempt(&throttle, venue, ama, true, now),
            Ok(Pass::FirstTry)
        );
        // The stranger's guess at an account not tried yet is its only one there...
        let kofi = Target::player(501, false);
        assert_eq!(
            attempt(&throttle, venue, kofi, false, now),
            Ok(Pass::FirstTry)
        );
        assert!(attempt(&throttle, venue, kofi, false, now).is_err());
        // ...until the window has passed, the allowance still full of fresh failures.
        let later = now + FIRST_TRY_WINDOW;
        for id in 1..=ADDRESS_ALLOWANCE as i32 {
            let _ = attempt(
                &throttle,
                venue,
                Target::player(1000 + id, false),
                false,
                later,
            );
        }
        assert_eq!(
            attempt(&throttle, venue, kofi, true, later),
            Ok(Pass::FirstTry)
        );
        // A device that signed in as the player before is never held back by the address.
        let known = Target::player(1, true);
        for _ in 0..50 {
            assert_eq!(
                attempt(&throttle, venue, known, false, later),
                Ok(Pass::Known)
            );
        }
        // A right PIN at one account gives back nothing of the guesses at others.
        let before = throttle.state.lock().unwrap().buckets[&venue].level;
        attempt(&throttle, venue, Target::player(500, false), true, later).unwrap();
        let after = throttle.state.lock().unwrap().buckets[&venue].level;
        assert!((before - after).abs() < 1e-9, "{before} {after}");
    }

    #[test]
    fn failures_the_allowance_has_drained_are_not_given_back_again() {
        let throttle = AddressThrottle::default();
        let venue = addr("192.0.2.70");
        let now = Instant::now();
        let mine = Target::player(7, false);
        for _ in 0..10 {
            attempt(&throttle, venue, mine, false, now).unwrap();
        }
        // Long after, when they have drained, ten guesses at others.
        let later = now + ADDRESS_REFILL * 10;
        for id in 100..110 {
            attempt(&throttle, venue, Target::player(id, false), false, later).unwrap();
        }
        // The right PIN of the guesser's own account gives back its own attempt only: its old
        // failures are no longer in the allowance, and the guesses stay.
        assert_eq!(
            attempt(&throttle, venue, mine, true, later),
            Ok(Pass::Counted)
        );
        let level = throttle.state.lock().unwrap().buckets[&venue].level;
        assert!((level - 10.0).abs() < 1e-9, "{level}");
    }

    #[test]
    fn an_address_waits_once_its_allowance_is_used_and_others_do_not() {
        let throttle = AddressThrottle::default();
        let now = Instant::now();
        for _ in 0..ADDRESS_ALLOWANCE {
            throttle.try_claim(addr("203.0.113.7"), ANY, now).unwrap();
            throttle.end(addr("203.0.113.7"), ANY, Pass::Counted, false, now);
        }
        let wait = throttle
            .try_claim(addr("203.0.113.7"), ANY, now)
            .unwrap_err();
        assert_eq!(wait, Verdict::Refused(ADDRESS_REFILL));
        assert!(throttle.try_claim(addr("203.0.113.8"), ANY, now).is_ok());
        // One failure comes back after the refill time.
        let later = now + ADDRESS_REFILL;
        assert!(throttle.try_claim(addr("203.0.113.7"), ANY, later).is_ok());
        throttle.end(addr("203.0.113.7"), ANY, Pass::Counted, false, later);
        assert!(throttle.try_claim(addr("203.0.113.7"), ANY, later).is_err());
    }

    #[test]
    fn attempts_still_being_checked_make_the_next_wait_not_fail() {
        let throttle = AddressThrottle::default();
        let venue = addr("198.51.100.9");
        let now = Instant::now();
        for _ in 0..ADDRESS_ALLOWANCE {
            throttle.try_claim(venue, ANY, now).unwrap();
        }
        // The allowance is full of attempts under way: the next one waits.
        assert_eq!(throttle.try_claim(venue, ANY, now), Err(Verdict::Busy));
        // Only so many may wait at once.
        for _ in 1..ADDRESS_WAITING {
            assert_eq!(throttle.try_claim(venue, ANY, now), Err(Verdict::Busy));
        }
        assert!(matches!(
            throttle.try_claim(venue, ANY, now),
            Err(Verdict::Refused(_))
        ));
        for _ in 0..ADDRESS_WAITING {
            throttle.stop_waiting(venue);
        }
        // One succeeds: the next is checked.
        throttle.end(venue, ANY, Pass::Counted, true, now);
        assert!(throttle.try_claim(venue, ANY, now).is_ok());
        // They all fail: the address is refused, not kept waiting.
        for _ in 0..ADDRESS_ALLOWANCE {
            throttle.end(venue, ANY, Pass::Counted, false, now);
        }
        assert!(matches!(
            throttle.try_claim(venue, ANY, now),
            Err(Verdict::Refused(_))
        ));
    }

    #[actix_web::test]
    async fn a_claim_dropped_unfinished_counts_as_a_failure_and_a_success_lets_the_next_go() {
        let throttle = Arc::new(AddressThrottle::default());
        let venue = addr("198.51.100.10");
        let mut under_way = Vec::new();
        for _ in 0..ADDRESS_ALLOWANCE {
            under_way.push(throttle.claim(venue, ANY).await.unwrap());
        }
        let waiting = {
            let throttle = throttle.clone();
            actix_web::rt::spawn(
                async move { throttle.claim(venue, ANY).await.map(Claimed::succeeded) },
            )
        };
        actix_web::rt::task::yield_now().await;
        assert!(!waiting.is_finished(), "the next attempt waits");
        // An attempt abandoned (its request dropped) ends as a failure: the allowance is as
        // full as before, and the next attempt goes on waiting.
        drop(under_way.pop());
        actix_web::rt::task::yield_now().await;
        assert!(!waiting.is_finished(), "a failure frees nothing");
        // One that succeeds lets it go.
        under_way.pop().unwrap().succeeded();
        assert!(waiting.await.unwrap().is_ok());
        for c in under_way {
            c.succeeded();
        }
        let level = throttle.state.lock().unwrap().buckets[&venue].level;
        // (The bucket drains with time: a little under one.)
        assert!(
            (level - 1.0).abs() < 0.01,
            "only the abandoned attempt counts: {level}"
        );
    }

    #[test]
    fn sign_ins_that_succeed_use_none_of_the_allowance() {
        let throttle = AddressThrottle::default();
        let now = Instant::now();
        for _ in 0..10 * ADDRESS_ALLOWANCE {
            throttle.try_claim(addr("198.51.100.1"), ANY, now).unwrap();
            throttle.end(addr("198.51.100.1"), ANY, Pass::Counted, true, now);
        }
        assert!(throttle.try_claim(addr("198.51.100.1"), ANY, now).is_ok());
    }

    #[test]
    fn an_ipv6_network_counts_as_one_address() {
        let throttle = AddressThrottle::default();
        let now = Instant::now();
        for i in 0..ADDRESS_ALLOWANCE {
            let a = addr(&format!("2001:db8:1:2::{:x}", i + 1));
            throttle.try_claim(a, ANY, now).unwrap();
            throttle.end(a, ANY, Pass::Counted, false, now);
        }
        assert!(
            throttle
                .try_claim(addr("2001:db8:1:2:ffff::1"), ANY, now)
                .is_err()
        );
        assert!(
            throttle
                .try_claim(addr("2001:db8:1:3::1"), ANY, now)
                .is_ok()
        );
        assert!(
            throttle
                .try_claim(addr("::ffff:192.0.2.1"), ANY, now)
                .is_ok()
        );
    }
}
