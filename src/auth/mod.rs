//! Secrets (argon2id; a program's tokens as SHA-256 digests), sessions, roles and CSRF tokens.

pub mod devices;
pub mod identity;
pub mod password;
pub mod session;
pub mod throttle;
pub mod token;

pub use identity::{Identity, Role};
pub use password::{
    Lane, generate_password, generate_pin, hash_pin, hash_secret, pin_params, verify_secret,
};
pub use session::UserSession;

/// Failed attempts (logins to an account, PINs of a player) before a lock.
pub const MAX_FAILURES: i32 = 5;
/// How long a lock lasts.
pub const LOCK_MINUTES: i64 = 5;

/// Compares two strings in time that does not depend on where they differ.
pub fn constant_time_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}
