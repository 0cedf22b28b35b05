//! A known device's own allowance (OWASP's device cookies): a browser that signed in as an
//! account or player before is let through that owner's lock, so that a stranger's failures
//! cannot keep the owner out of their own phone or laptop; but its own failures are counted
//! under its mark, and after [`DEVICE_ALLOWANCE`] of them in a row it is a stranger too (the
//! lock and the address's allowance apply) until it signs in again. A new PIN or password makes
//! every earlier mark a stranger's ([`super::identity::secret_prefix`]).

use std::collections::HashMap;
use std::sync::Mutex;

/// Failures in a row a known device may have at one owner before it counts as a new device.
pub const DEVICE_ALLOWANCE: u32 = 5;

/// Marks remembered at most; past that the oldest counts go (a device then has its allowance
/// again, no more than a restart of the service gives it).
const MOST_MARKS: usize = 100_000;

/// Failures since its last right secret, per device mark.
#[derive(Default)]
pub struct DeviceFailures(Mutex<HashMap<String, u32>>);

impl DeviceFailures {
    fn counts(&self) -> std::sync::MutexGuard<'_, HashMap<String, u32>> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Whether the device of `mark` still has failures left.
    pub fn allowed(&self, mark: &str) -> bool {
        self.counts()
            .get(mark)
            .is_none_or(|&n| n < DEVICE_ALLOWANCE)
    }

    /// The device of `mark` gave a wrong secret.
    pub fn failed(&self, mark: &str) {
        let mut counts = self.counts();
        if counts.len() >= MOST_MARKS && !counts.contains_key(mark) {
            counts.clear();
        }
        *counts.entry(mark.to_string()).or_default() += 1;
    }

    /// The device of `mark` gave the right secret: its allowance is whole again.
    pub fn succeeded(&self, mark: &str) {
        self.counts().remove(mark);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_device_has_its_allowance_until_it_signs_in_again() {
        let devices = DeviceFailures::default();
        for _ in 0..DEVICE_ALLOWANCE {
            assert!(devices.allowed("player:1:salt:a"));
            devices.failed("player:1:salt:a");
        }
        assert!(!devices.allowed("player:1:salt:a"));
        // Another device of the same owner keeps its own.
        assert!(devices.allowed("player:1:salt:b"));
        devices.succeeded("player:1:salt:a");
        assert!(devices.allowed("player:1:salt:a"));
    }
}
