//! Failed sign-ins counted per client address: each address has an allowance of failures that
//! refills slowly (a leaky bucket), so that one address can neither guess on at speed nor keep
//! argon2 busy, while a venue whose players all sign in from one address is never held up by
//! sign-ins that succeed.
//!
//! An attempt takes its failure from the allowance before its secret is checked, so that a burst
//! of guesses cannot all be checked at once; it gives the failure back when the secret was right.
//! While attempts still being checked are what fills the allowance, the next attempt waits for
//! one of them to end instead of being refused: a room of players signing in at once over one
//! network waits a moment, and is never told it failed too often.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// Failures an address may make in a row before it has to wait.
pub const ADDRESS_ALLOWANCE: u32 = 20;
/// One failure of the allowance comes back after this long.
pub const ADDRESS_REFILL: Duration = Duration::from_secs(30);
/// Attempts of one address that may wait at once for those under way (a large venue signing in
/// together); more are refused at once, so that one address cannot hold many connections open.
pub const ADDRESS_WAITING: u32 = 100;
/// The most addresses remembered at a time; past it, addresses whose allowance is whole again
/// are forgotten first.
const ADDRESSES: usize = 100_000;

/// The key of an address: an IPv4 address, or the /64 network of an IPv6 address (what one
/// subscriber is given).
fn key(address: IpAddr) -> IpAddr {
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
#[derive(Clone, Copy)]
struct Bucket {
    level: f64,
    at: Instant,
    pending: u32,
    waiting: u32,
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

/// The failures of every address.
#[derive(Default)]
pub struct AddressThrottle {
    buckets: Mutex<HashMap<IpAddr, Bucket>>,
    /// Woken whenever an attempt ends.
    ended: tokio::sync::Notify,
}

impl AddressThrottle {
    /// Takes one failure of the address's allowance before a secret is checked (so that a burst
    /// cannot all be checked), or says why not; an attempt told [`Verdict::Busy`] counts as
    /// waiting until it tries again.
    pub fn try_claim(&self, address: IpAddr, now: Instant) -> Result<(), Verdict> {
        let mut buckets = self.buckets.lock().unwrap_or_else(PoisonError::into_inner);
        if buckets.len() >= ADDRESSES {
            buckets.retain(|_, b| b.pending + b.waiting > 0 || b.level_at(now) > 0.0);
            if buckets.len() >= ADDRESSES {
                buckets.retain(|_, b| b.pending + b.waiting > 0);
            }
        }
        let bucket = buckets.entry(key(address)).or_insert(Bucket {
            level: 0.0,
            at: now,
            pending: 0,
            waiting: 0,
        });
        let level = bucket.level_at(now);
        let allowance = f64::from(ADDRESS_ALLOWANCE);
        if level + 1.0 > allowance {
            let failed = (level - f64::from(bucket.pending)).max(0.0);
            if bucket.pending > 0 && failed + 1.0 <= allowance {
                if bucket.waiting >= ADDRESS_WAITING {
                    return Err(Verdict::Refused(Duration::from_secs(1)));
                }
                bucket.waiting += 1;
                return Err(Verdict::Busy);
            }
            let wait = (failed + 1.0 - allowance) * ADDRESS_REFILL.as_secs_f64();
            return Err(Verdict::Refused(Duration::from_secs_f64(
                wait.ceil().max(1.0),
            )));
        }
        *bucket = Bucket {
            level: level + 1.0,
            at: now,
            pending: bucket.pending + 1,
            waiting: bucket.waiting,
        };
        Ok(())
    }

    /// An attempt that was told [`Verdict::Busy`] no longer waits.
    fn stop_waiting(&self, address: IpAddr) {
        let mut buckets = self.buckets.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(bucket) = buckets.get_mut(&key(address)) {
            bucket.waiting = bucket.waiting.saturating_sub(1);
        }
    }

    /// Takes one failure of the address's allowance, waiting while attempts still being
    /// checked fill it; refused (with how long to wait) once the address has failed too often.
    /// The attempt counts as failed unless [`Claimed::succeeded`] says otherwise.
    pub async fn claim(self: &Arc<Self>, address: IpAddr) -> Result<Claimed, Duration> {
        loop {
            // Listening before looking, so that an attempt ending in between is not missed.
            let mut ended = std::pin::pin!(self.ended.notified());
            ended.as_mut().enable();
            match self.try_claim(address, Instant::now()) {
                Ok(()) => {
                    return Ok(Claimed {
                        throttle: self.clone(),
                        address,
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

    /// An attempt has ended: the failure it claimed is given back if its secret was right.
    pub fn end(&self, address: IpAddr, succeeded: bool, now: Instant) {
        let mut buckets = self.buckets.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(bucket) = buckets.get_mut(&key(address)) {
            let level = bucket.level_at(now);
            *bucket = Bucket {
                level: if succeeded {
                    (level - 1.0).max(0.0)
                } else {
                    level
                },
                at: now,
                pending: bucket.pending.saturating_sub(1),
                waiting: bucket.waiting,
            };
        }
        drop(buckets);
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
        self.throttle
            .end(self.address, self.succeeded, Instant::now());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn addr(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn an_address_waits_once_its_allowance_is_used_and_others_do_not() {
        let throttle = AddressThrottle::default();
        let now = Instant::now();
        for _ in 0..ADDRESS_ALLOWANCE {
            throttle.try_claim(addr("203.0.113.7"), now).unwrap();
            throttle.end(addr("203.0.113.7"), false, now);
        }
        let wait = throttle.try_claim(addr("203.0.113.7"), now).unwrap_err();
        assert_eq!(wait, Verdict::Refused(ADDRESS_REFILL));
        assert!(throttle.try_claim(addr("203.0.113.8"), now).is_ok());
        // One failure comes back after the refill time.
        let later = now + ADDRESS_REFILL;
        assert!(throttle.try_claim(addr("203.0.113.7"), later).is_ok());
        throttle.end(addr("203.0.113.7"), false, later);
        assert!(throttle.try_claim(addr("203.0.113.7"), later).is_err());
    }

    #[test]
    fn attempts_still_being_checked_make_the_next_wait_not_fail() {
        let throttle = AddressThrottle::default();
        let venue = addr("198.51.100.9");
        let now = Instant::now();
        for _ in 0..ADDRESS_ALLOWANCE {
            throttle.try_claim(venue, now).unwrap();
        }
        // The allowance is full of attempts under way: the next one waits.
        assert_eq!(throttle.try_claim(venue, now), Err(Verdict::Busy));
        // Only so many may wait at once.
        for _ in 1..ADDRESS_WAITING {
            assert_eq!(throttle.try_claim(venue, now), Err(Verdict::Busy));
        }
        assert!(matches!(
            throttle.try_claim(venue, now),
            Err(Verdict::Refused(_))
        ));
        for _ in 0..ADDRESS_WAITING {
            throttle.stop_waiting(venue);
        }
        // One succeeds: the next is checked.
        throttle.end(venue, true, now);
        assert!(throttle.try_claim(venue, now).is_ok());
        // They all fail: the address is refused, not kept waiting.
        for _ in 0..ADDRESS_ALLOWANCE {
            throttle.end(venue, false, now);
        }
        assert!(matches!(
            throttle.try_claim(venue, now),
            Err(Verdict::Refused(_))
        ));
    }

    #[actix_web::test]
    async fn a_claim_dropped_unfinished_counts_as_a_failure_and_a_success_lets_the_next_go() {
        let throttle = Arc::new(AddressThrottle::default());
        let venue = addr("198.51.100.10");
        let mut under_way = Vec::new();
        for _ in 0..ADDRESS_ALLOWANCE {
            under_way.push(throttle.claim(venue).await.unwrap());
        }
        let waiting = {
            let throttle = throttle.clone();
            actix_web::rt::spawn(async move { throttle.claim(venue).await.map(Claimed::succeeded) })
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
        let level = throttle.buckets.lock().unwrap()[&venue].level;
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
            throttle.try_claim(addr("198.51.100.1"), now).unwrap();
            throttle.end(addr("198.51.100.1"), true, now);
        }
        assert!(throttle.try_claim(addr("198.51.100.1"), now).is_ok());
    }

    #[test]
    fn an_ipv6_network_counts_as_one_address() {
        let throttle = AddressThrottle::default();
        let now = Instant::now();
        for i in 0..ADDRESS_ALLOWANCE {
            let a = addr(&format!("2001:db8:1:2::{:x}", i + 1));
            throttle.try_claim(a, now).unwrap();
            throttle.end(a, false, now);
        }
        assert!(
            throttle
                .try_claim(addr("2001:db8:1:2:ffff::1"), now)
                .is_err()
        );
        assert!(throttle.try_claim(addr("2001:db8:1:3::1"), now).is_ok());
        assert!(throttle.try_claim(addr("::ffff:192.0.2.1"), now).is_ok());
    }
}
