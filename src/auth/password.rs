//! argon2id hashes for passwords and PINs.

use std::sync::{Condvar, LazyLock, Mutex, PoisonError};

use argon2::password_hash::{Output, PasswordHash, SaltString};
use argon2::{Algorithm, Argon2, Block, Params, Version};
use rand::Rng;
use rand::rngs::OsRng;

/// Who is waiting for argon2: work that must not be starved (staff making hashes, sign-ins from
/// a device that signed in before) goes before anyone else's sign-ins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lane {
    Known,
    Anyone,
}

/// Working memory for argon2, one buffer a core. Each computation needs 19 MiB; taking it from a
/// buffer that is kept (rather than the allocator) bounds both how many run at once (a burst of
/// sign-ins queues) and the memory they hold: the allocator would keep every freed block in the
/// arena of whichever thread used it, gigabytes under load.
struct Memory {
    state: Mutex<Buffers>,
    returned: Condvar,
}

struct Buffers {
    free: Vec<Vec<Block>>,
    /// Waiting in the [`Lane::Known`] lane: while any are, no one else takes a buffer.
    known_waiting: usize,
    /// Waiting in either lane.
    waiting: usize,
}

impl Memory {
    fn new(buffers: usize) -> Memory {
        Memory {
            state: Mutex::new(Buffers {
                free: vec![Vec::new(); buffers],
                known_waiting: 0,
                waiting: 0,
            }),
            returned: Condvar::new(),
        }
    }

    /// Runs `work` with `blocks` blocks of argon2 memory, waiting in `lane` for a free buffer.
    fn with<T>(&self, lane: Lane, blocks: usize, work: impl FnOnce(&mut [Block]) -> T) -> T {
        let mut buffer = {
            let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
            state.waiting += 1;
            if lane == Lane::Known {
                state.known_waiting += 1;
            }
            let buffer = loop {
                let my_turn = lane == Lane::Known || state.known_waiting == 0;
                if my_turn && let Some(b) = state.free.pop() {
                    break b;
                }
                state = self
                    .returned
                    .wait(state)
                    .unwrap_or_else(PoisonError::into_inner);
            };
            state.waiting -= 1;
            if lane == Lane::Known {
                state.known_waiting -= 1;
            }
            buffer
        };
        if buffer.len() < blocks {
            buffer.resize(blocks, Block::new());
        }
        let result = work(&mut buffer[..blocks]);
        self.state
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .free
            .push(buffer);
        // Every waiter looks again: the one whose turn it is takes the buffer.
        self.returned.notify_all();
        result
    }
}

static MEMORY: LazyLock<Memory> =
    LazyLock::new(|| Memory::new(std::thread::available_parallelism().map_or(2, |n| n.get())));

/// Hashes a password with argon2id (the crate's default parameters, OWASP's first choice: 19 MiB
/// and two passes), as a PHC string.
pub fn hash_secret(secret: &str) -> String {
    hash_with(secret, Params::default())
}

/// The argon2id parameters of a player's PIN: 4 MiB and one pass, about a tenth of a password's
/// cost. Six digits are a million guesses, which no cost per hash makes an offline search slow
/// for: what keeps a PIN is that it is never stored in clear, that it is salted, and that five
/// wrong guesses lock it (the throttles); so an import of 1,500 players does not spend half a
/// minute hashing.
pub fn pin_params() -> Params {
    Params::new(4 * 1024, 1, 1, None).expect("valid argon2 parameters")
}

/// Hashes a player's PIN with argon2id at [`pin_params`], as a PHC string.
pub fn hash_pin(pin: &str) -> String {
    hash_with(pin, pin_params())
}

fn hash_with(secret: &str, params: Params) -> String {
    let salt = SaltString::generate(&mut OsRng);
    let mut salt_bytes = [0u8; 64];
    let salt_bytes = salt
        .decode_b64(&mut salt_bytes)
        .expect("a generated salt decodes");
    let argon2 = Argon2::new(Algorithm::Argon2id, Version::V0x13, params.clone());
    let output = MEMORY
        .with(Lane::Known, params.block_count(), |memory| {
            Output::init_with(Params::DEFAULT_OUTPUT_LEN, |out| {
                argon2
                    .hash_password_into_with_memory(secret.as_bytes(), salt_bytes, out, memory)
                    .map_err(|_| argon2::password_hash::Error::Crypto)
            })
        })
        .expect("argon2 hashes any input with valid parameters");
    PasswordHash {
        algorithm: Algorithm::Argon2id.ident(),
        version: Some(Version::V0x13.into()),
        params: (&params).try_into().expect("valid parameters write out"),
        salt: Some(salt.as_salt()),
        hash: Some(output),
    }
    .to_string()
}

/// Whether `secret` matches `hash` (a PHC string of any argon2 variant and parameters), checked
/// when it is `lane`'s turn. The outputs compare in constant time. A malformed hash matches
/// nothing.
pub fn verify_secret(secret: &str, hash: &str, lane: Lane) -> bool {
    let Ok(parsed) = PasswordHash::new(hash) else {
        return false;
    };
    let (Ok(algorithm), Ok(params), Some(salt), Some(expected)) = (
        Algorithm::try_from(parsed.algorithm),
        Params::try_from(&parsed),
        parsed.salt,
        parsed.hash,
    ) else {
        return false;
    };
    let version = match parsed.version.map(Version::try_from) {
        None => Version::default(),
        Some(Ok(v)) => v,
        Some(Err(_)) => return false,
    };
    let mut salt_bytes = [0u8; 64];
    let Ok(salt_bytes) = salt.decode_b64(&mut salt_bytes) else {
        return false;
    };
    let argon2 = Argon2::new(algorithm, version, params.clone());
    let computed = MEMORY.with(lane, params.block_count(), |memory| {
        Output::init_with(expected.len(), |out| {
            argon2
                .hash_password_into_with_memory(secret.as_bytes(), salt_bytes, out, memory)
                .map_err(|_| argon2::password_hash::Error::Crypto)
        })
    });
    computed.is_ok_and(|c| c == expected)
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
        assert!(verify_secret("0427", &hash, Lane::Anyone));
        assert!(!verify_secret("0428", &hash, Lane::Anyone));
        assert!(!verify_secret("0427", "not a hash", Lane::Anyone));
        assert_ne!(hash, hash_secret("0427"), "salted");
    }

    #[test]
    fn hashes_agree_with_the_argon2_crate_both_ways() {
        use argon2::password_hash::{PasswordHasher, PasswordVerifier};
        let ours = hash_secret("correct horse");
        let parsed = PasswordHash::new(&ours).unwrap();
        assert!(
            Argon2::default()
                .verify_password(b"correct horse", &parsed)
                .is_ok()
        );
        assert!(
            Argon2::default()
                .verify_password(b"wrong horse", &parsed)
                .is_err()
        );
        let theirs = Argon2::default()
            .hash_password(b"correct horse", &SaltString::generate(&mut OsRng))
            .unwrap()
            .to_string();
        assert!(verify_secret("correct horse", &theirs, Lane::Anyone));
        assert!(!verify_secret("wrong horse", &theirs, Lane::Anyone));
        // Other parameters and variants verify too.
        let argon2i = Argon2::new(
            Algorithm::Argon2i,
            Version::V0x13,
            Params::new(8192, 3, 1, None).unwrap(),
        )
        .hash_password(b"pin", &SaltString::generate(&mut OsRng))
        .unwrap()
        .to_string();
        assert!(
            verify_secret("pin", &argon2i, Lane::Anyone)
                && !verify_secret("pim", &argon2i, Lane::Anyone)
        );
    }

    #[test]
    fn a_pin_is_hashed_with_argon2id_at_its_own_cost() {
        let hash = hash_pin("042731");
        assert!(hash.starts_with("$argon2id$v=19$m=4096,t=1,p=1$"), "{hash}");
        assert!(verify_secret("042731", &hash, Lane::Anyone));
        assert!(!verify_secret("042732", &hash, Lane::Anyone));
        assert!(hash_secret("x").starts_with("$argon2id$v=19$m=19456,t=2,p=1$"));
    }

    #[test]
    fn generated_secrets() {
        let pin = generate_pin();
        assert_eq!(pin.len(), 6);
        assert!(pin.chars().all(|c| c.is_ascii_digit()));
        assert_eq!(generate_password().len(), 16);
        assert_ne!(generate_password(), generate_password());
    }

    #[test]
    fn known_work_goes_before_anyone_waiting_for_argon2() {
        use std::sync::mpsc;
        let memory = std::sync::Arc::new(Memory::new(1));
        let waiting = |n: usize| {
            while memory.state.lock().unwrap().waiting < n {
                std::thread::yield_now();
            }
        };
        let (hold, release) = mpsc::channel::<()>();
        let (order_tx, order) = mpsc::channel::<Lane>();
        std::thread::scope(|s| {
            let m = &memory;
            s.spawn(move || m.with(Lane::Anyone, 1, |_| release.recv().unwrap()));
            while !m.state.lock().unwrap().free.is_empty() {
                std::thread::yield_now();
            }
            for lane in [Lane::Anyone, Lane::Anyone, Lane::Known] {
                let tx = order_tx.clone();
                let before = m.state.lock().unwrap().waiting;
                s.spawn(move || m.with(lane, 1, |_| tx.send(lane).unwrap()));
                waiting(before + 1);
            }
            hold.send(()).unwrap();
        });
        let order: Vec<Lane> = order.try_iter().collect();
        assert_eq!(order, [Lane::Known, Lane::Anyone, Lane::Anyone]);
    }
}
