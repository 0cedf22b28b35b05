//! Failed sign-ins counted per client address: each address has an allowance of failures that
//! refills slowly (a leaky bucket), so that one address can neither guess on at speed nor keep
//! argon2 busy, while a venue whose players all sign in from one address is never held up by
//! sign-ins that succeed.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

/// Failures an address may make in a row before it has to wait.
pub const ADDRESS_ALLOWANCE: u32 = 20;
/// One failure of the allowance comes back after this long.
pub const ADDRESS_REFILL: Duration = Duration::from_secs(30);
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

/// How full an address's bucket was, and when.
#[derive(Clone, Copy)]
struct Bucket {
    level: f64,
    at: Instant,
}

impl Bucket {
    fn level_at(&self, now: Instant) -> f64 {
        let drained =
            now.saturating_duration_since(self.at).as_secs_f64() / ADDRESS_REFILL.as_secs_f64();
        (self.level - drained).max(0.0)
    }
}

/// The failures of every address.
#[derive(Default)]
pub struct AddressThrottle {
    buckets: Mutex<HashMap<IpAddr, Bucket>>,
}

impl AddressThrottle {
    /// Takes one failure of the address's allowance before a secret is checked (so that a burst
    /// cannot all be checked), or says how long the address must wait.
    pub fn claim(&self, address: IpAddr, now: Instant) -> Result<(), Duration> {
        let mut buckets = self.buckets.lock().unwrap_or_else(PoisonError::into_inner);
        if buckets.len() >= ADDRESSES {
            buckets.retain(|_, b| b.level_at(now) > 0.0);
            if buckets.len() >= ADDRESSES {
                buckets.clear();
            }
        }
        let bucket = buckets.entry(key(address)).or_insert(Bucket {
            level: 0.0,
            at: now,
        });
        let level = bucket.level_at(now);
        let allowance = f64::from(ADDRESS_ALLOWANCE);
        if level + 1.0 > allowance {
            let wait = (level + 1.0 - allowance) * ADDRESS_REFILL.as_secs_f64();
            return Err(Duration::from_secs_f64(wait.ceil()));
        }
        *bucket = Bucket {
            level: level + 1.0,
            at: now,
        };
        Ok(())
    }

    /// The secret was right: the failure claimed for it is given back.
    pub fn release(&self, address: IpAddr, now: Instant) {
        let mut buckets = self.buckets.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(bucket) = buckets.get_mut(&key(address)) {
            *bucket = Bucket {
                level: (bucket.level_at(now) - 1.0).max(0.0),
                at: now,
            };
        }
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
            throttle.claim(addr("203.0.113.7"), now).unwrap();
        }
        let wait = throttle.claim(addr("203.0.113.7"), now).unwrap_err();
        assert_eq!(wait, ADDRESS_REFILL);
        assert!(throttle.claim(addr("203.0.113.8"), now).is_ok());
        // One failure comes back after the refill time.
        let later = now + ADDRESS_REFILL;
        assert!(throttle.claim(addr("203.0.113.7"), later).is_ok());
        assert!(throttle.claim(addr("203.0.113.7"), later).is_err());
    }

    #[test]
    fn sign_ins_that_succeed_use_none_of_the_allowance() {
        let throttle = AddressThrottle::default();
        let now = Instant::now();
        for _ in 0..10 * ADDRESS_ALLOWANCE {
            throttle.claim(addr("198.51.100.1"), now).unwrap();
            throttle.release(addr("198.51.100.1"), now);
        }
        assert!(throttle.claim(addr("198.51.100.1"), now).is_ok());
    }

    #[test]
    fn an_ipv6_network_counts_as_one_address() {
        let throttle = AddressThrottle::default();
        let now = Instant::now();
        for i in 0..ADDRESS_ALLOWANCE {
            throttle
                .claim(addr(&format!("2001:db8:1:2::{:x}", i + 1)), now)
                .unwrap();
        }
        assert!(throttle.claim(addr("2001:db8:1:2:ffff::1"), now).is_err());
        assert!(throttle.claim(addr("2001:db8:1:3::1"), now).is_ok());
        assert!(throttle.claim(addr("::ffff:192.0.2.1"), now).is_ok());
    }
}
