//! Tokens a program presents (a venue's push to a hub): long random secrets, kept as a SHA-256
//! digest and compared in constant time. A secret of about 190 random bits cannot be guessed,
//! so a slow hash would only slow every push down; argon2 stays for the passwords and PINs
//! people choose or read off a slip.

use sha2::Digest;

/// How a token's digest is marked where it is stored (an argon2 hash starts with `$argon2`).
const PREFIX: &str = "sha256:";

/// The digest of a token's secret, as stored.
pub fn digest(secret: &str) -> String {
    format!("{PREFIX}{}", sha256_hex(secret.as_bytes()))
}

/// The SHA-256 of `bytes` in lowercase hexadecimal (also a tournament file's digest).
pub fn sha256_hex(bytes: &[u8]) -> String {
    sha2::Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Whether `secret` is the token stored as `stored`: `None` when `stored` is not a digest (a
/// token made by an earlier version, kept as an argon2 hash).
pub fn matches(secret: &str, stored: &str) -> Option<bool> {
    stored
        .starts_with(PREFIX)
        .then(|| super::constant_time_eq(&digest(secret), stored))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_matches_its_digest_only() {
        let stored = digest("abc.def");
        assert_eq!(stored.len(), PREFIX.len() + 64);
        assert_eq!(matches("abc.def", &stored), Some(true));
        assert_eq!(matches("abc.deg", &stored), Some(false));
        assert_eq!(matches("", &stored), Some(false));
        // An argon2 hash is not a digest: it is checked as one.
        let argon = crate::auth::hash_secret("abc.def");
        assert_eq!(matches("abc.def", &argon), None);
    }
}
