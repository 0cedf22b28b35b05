//! argon2id hashes for passwords and PINs.

use std::sync::LazyLock;

use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use rand::Rng;
use rand::rngs::OsRng;

/// Hashes a password or PIN with argon2id (the crate's default parameters).
pub fn hash_secret(secret: &str) -> String {
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default()
        .hash_password(secret.as_bytes(), &salt)
        .expect("argon2 hashes any input with default parameters")
        .to_string()
}

/// Whether `secret` matches `hash`. A malformed hash matches nothing.
pub fn verify_secret(secret: &str, hash: &str) -> bool {
    PasswordHash::new(hash).is_ok_and(|parsed| {
        Argon2::default()
            .verify_password(secret.as_bytes(), &parsed)
            .is_ok()
    })
}

/// A hash to verify against when the account does not exist, so that the answer takes as long
/// as for a real account.
pub static DUMMY_HASH: LazyLock<String> = LazyLock::new(|| hash_secret(&generate_password()));

/// A random password: 16 letters and digits (about 95 bits).
pub fn generate_password() -> String {
    const ALPHABET: &[u8] = b"abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    let mut rng = OsRng;
    (0..16)
        .map(|_| ALPHABET[rng.gen_range(0..ALPHABET.len())] as char)
        .collect()
}

/// A random 6-digit PIN (leading zeros kept).
pub fn generate_pin() -> String {
    format!("{:06}", OsRng.gen_range(0..1_000_000))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_verify_only_their_secret() {
        let hash = hash_secret("0427");
        assert!(hash.starts_with("$argon2id$"));
        assert!(verify_secret("0427", &hash));
        assert!(!verify_secret("0428", &hash));
        assert!(!verify_secret("0427", "not a hash"));
        assert_ne!(hash, hash_secret("0427"), "salted");
    }

    #[test]
    fn generated_secrets() {
        let pin = generate_pin();
        assert_eq!(pin.len(), 6);
        assert!(pin.chars().all(|c| c.is_ascii_digit()));
        assert_eq!(generate_password().len(), 16);
        assert_ne!(generate_password(), generate_password());
    }
}
