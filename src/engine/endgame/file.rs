//! A table's bytes: a head (`OWARE-ENDGAME 2`, the preset's name, the seeds, then per layer
//! the SHA-256 of its bytes), the SHA-256 of the head, then each layer's bounds: per board of
//! its seeds in rank order, South to move, two bytes (the lower bound, then the upper). Nothing
//! else: the positions are implied by their place, North to move by the board turned round.
//!
//! A file is read in place ([`InPlace`]): at the start only its head is read and checked, with
//! the file's length; a layer's checksum is checked when the layer is first read, and a value is
//! then read where it lies (a positioned read; what the system caches of the file is not the
//! service's memory).

use std::fs::File;
use std::io::{self, Read, Write};
use std::os::unix::fs::FileExt;
use std::path::Path;
use std::sync::OnceLock;

use sha2::{Digest, Sha256};

use super::index::boards;
use super::{Layers, Table};
use crate::engine::rules::Preset;

/// Version 3: the bounds are those of the position with no history (version 2's held whatever
/// the history, and were looser).
const MAGIC: &[u8] = b"OWARE-ENDGAME 3\n";
/// What every version's files start with.
const FAMILY: &[u8] = b"OWARE-ENDGAME ";

/// The file a table is kept in, in the tables' folder.
pub fn file_name(preset: Preset, seeds: u8) -> String {
    format!("{}-{seeds}.endgame", preset.name())
}

#[derive(Debug, thiserror::Error)]
pub enum TableError {
    #[error("not an endgame table of this version (the file does not start as one)")]
    NotATable,
    #[error("an endgame table of an earlier version: build it again with `endgame build`")]
    EarlierVersion,
    #[error("the table names an unknown rule set {0:?}")]
    UnknownRules(String),
    #[error("the table is cut short or damaged (its checksum does not match)")]
    Damaged,
    #[error("the table is {found} bytes long where its head says {expected}")]
    WrongLength { found: u64, expected: u64 },
    #[error("the table holds {0} seeds, more than a board has")]
    TooManySeeds(u8),
    #[error(transparent)]
    Io(#[from] io::Error),
}

/// The bytes of a layer's bounds.
fn layer_len(n: u8) -> u64 {
    boards(n) * 2
}

/// A table's head as read: its preset, seeds, each layer's checksum, and where the layers
/// start.
struct Head {
    preset: Preset,
    seeds: u8,
    sums: Vec<[u8; 32]>,
    /// The bytes before the first layer.
    len: u64,
}

impl Head {
    fn bytes(preset: Preset, seeds: u8, sums: &[[u8; 32]]) -> Vec<u8> {
        let name = preset.name().as_bytes();
        let mut head = Vec::with_capacity(MAGIC.len() + 2 + name.len() + 32 * sums.len() + 32);
        head.extend_from_slice(MAGIC);
        head.push(name.len() as u8);
        head.extend_from_slice(name);
        head.push(seeds);
        for sum in sums {
            head.extend_from_slice(sum);
        }
        let own = Sha256::digest(&head);
        head.extend_from_slice(&own);
        head
    }

    fn read(mut input: impl Read) -> Result<Head, TableError> {
        let mut magic = [0u8; MAGIC.len()];
        input
            .read_exact(&mut magic)
            .map_err(|_| TableError::NotATable)?;
        if magic != MAGIC {
            return Err(if magic.starts_with(FAMILY) {
                TableError::EarlierVersion
            } else {
                TableError::NotATable
            });
        }
        let mut hash = Sha256::new();
        hash.update(magic);
        let mut byte = [0u8; 1];
        input
            .read_exact(&mut byte)
            .map_err(|_| TableError::Damaged)?;
        hash.update(byte);
        let mut name = vec![0u8; usize::from(byte[0])];
        input
            .read_exact(&mut name)
            .map_err(|_| TableError::Damaged)?;
        hash.update(&name);
        input
            .read_exact(&mut byte)
            .map_err(|_| TableError::Damaged)?;
        hash.update(byte);
        let seeds = byte[0];
        if seeds > 48 {
            return Err(TableError::TooManySeeds(seeds));
        }
        let mut sums = vec![[0u8; 32]; usize::from(seeds) + 1];
        for sum in &mut sums {
            input.read_exact(sum).map_err(|_| TableError::Damaged)?;
            hash.update(*sum);
        }
        let mut own = [0u8; 32];
        input
            .read_exact(&mut own)
            .map_err(|_| TableError::Damaged)?;
        if hash.finalize().as_slice() != own {
            return Err(TableError::Damaged);
        }
        let name = String::from_utf8_lossy(&name).into_owned();
        let preset: Preset = name
            .parse()
            .map_err(|_| TableError::UnknownRules(name.clone()))?;
        let len = (MAGIC.len() + 2 + name.len() + 32 * sums.len() + 32) as u64;
        Ok(Head {
            preset,
            seeds,
            sums,
            len,
        })
    }

    /// The whole file's length.
    fn file_len(&self) -> u64 {
        self.len + (0..=self.seeds).map(layer_len).sum::<u64>()
    }
}

/// A table file read in place.
#[derive(Debug)]
pub struct InPlace {
    file: File,
    /// What the file is called, for the log.
    name: String,
    /// Where each layer starts (one more at the end: the file's length).
    starts: Vec<u64>,
    sums: Vec<[u8; 32]>,
    /// Per layer, once its checksum has been checked: whether it matched.
    whole: Vec<OnceLock<bool>>,
}

impl InPlace {
    /// The stored bounds of rank `rank` among the boards of `n` seeds; `None` when the layer is
    /// damaged (checked at its first read) or cannot be read.
    pub(super) fn get(&self, n: u8, rank: u64) -> Option<u16> {
        let n = usize::from(n);
        if !*self.whole.get(n)?.get_or_init(|| self.check(n)) {
            return None;
        }
        let mut v = [0u8; 2];
        self.file
            .read_exact_at(&mut v, self.starts[n] + rank * 2)
            .ok()?;
        Some(u16::from_le_bytes(v))
    }

    /// The whole layer of `n` seeds, if it is whole.
    pub(super) fn layer(&self, n: u8) -> Option<Vec<u16>> {
        self.get(n, 0)?;
        let n = usize::from(n);
        let mut bytes = vec![0u8; (self.starts[n + 1] - self.starts[n]) as usize];
        self.file.read_exact_at(&mut bytes, self.starts[n]).ok()?;
        Some(stored_values(&bytes))
    }

    /// Whether layer `n`'s bytes match their checksum (read once, in blocks).
    fn check(&self, n: usize) -> bool {
        let mut hash = Sha256::new();
        let mut buf = vec![0u8; 1 << 20];
        let (mut at, end) = (self.starts[n], self.starts[n + 1]);
        while at < end {
            let take = (end - at).min(buf.len() as u64) as usize;
            if let Err(e) = self.file.read_exact_at(&mut buf[..take], at) {
                tracing::error!(table = %self.name, seeds = n, "an endgame table cannot be read: {e}");
                return false;
            }
            hash.update(&buf[..take]);
            at += take as u64;
        }
        let whole = hash.finalize().as_slice() == self.sums[n];
        if !whole {
            tracing::error!(
                table = %self.name,
                seeds = n,
                "an endgame table's layer is damaged (its checksum does not match): build it again"
            );
        }
        whole
    }
}

struct Hashing<W> {
    inner: W,
    hash: Sha256,
}

impl<W: Write> Write for Hashing<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.hash.update(&buf[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// A layer's bounds from its bytes.
fn stored_values(bytes: &[u8]) -> Vec<u16> {
    bytes
        .chunks_exact(2)
        .map(|b| u16::from_le_bytes([b[0], b[1]]))
        .collect()
}

/// A layer's bounds as bytes, in blocks.
fn layer_bytes(layer: &[u16], mut out: impl FnMut(&[u8]) -> io::Result<()>) -> io::Result<()> {
    let mut buf = Vec::with_capacity(1 << 16);
    for chunk in layer.chunks(1 << 15) {
        buf.clear();
        for v in chunk {
            buf.extend_from_slice(&v.to_le_bytes());
        }
        out(&buf)?;
    }
    Ok(())
}

impl Table {
    /// Writes the table; returns the bytes written.
    pub fn write_to(&self, mut out: impl Write) -> io::Result<u64> {
        let layers: Vec<_> = (0..=self.seeds)
            .map(|n| {
                self.stored(n)
                    .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidData, "a damaged layer"))
            })
            .collect::<io::Result<_>>()?;
        let mut sums = Vec::with_capacity(layers.len());
        for layer in &layers {
            let mut hash = Sha256::new();
            layer_bytes(layer, |b| {
                hash.update(b);
                Ok(())
            })?;
            sums.push(hash.finalize().into());
        }
        let head = Head::bytes(self.preset, self.seeds, &sums);
        out.write_all(&head)?;
        let mut written = head.len() as u64;
        for layer in &layers {
            layer_bytes(layer, |b| {
                written += b.len() as u64;
                out.write_all(b)
            })?;
        }
        out.flush()?;
        Ok(written)
    }

    /// Reads a whole table written by [`Table::write_to`] into memory, checking every checksum.
    pub fn read_from(mut input: impl Read) -> Result<Table, TableError> {
        let head = Head::read(&mut input)?;
        let mut layers = Vec::with_capacity(head.sums.len());
        for (n, sum) in head.sums.iter().enumerate() {
            let count = usize::try_from(layer_len(n as u8)).map_err(|_| TableError::Damaged)?;
            let mut w = Hashing {
                inner: Vec::with_capacity(count),
                hash: Sha256::new(),
            };
            let copied = io::copy(&mut (&mut input).take(count as u64), &mut w)?;
            if copied != count as u64 || w.hash.finalize().as_slice() != sum {
                return Err(TableError::Damaged);
            }
            layers.push(stored_values(&w.inner));
        }
        let mut rest = [0u8; 1];
        if input.read(&mut rest)? != 0 {
            return Err(TableError::Damaged);
        }
        Ok(Table {
            preset: head.preset,
            seeds: head.seeds,
            layers: Layers::Built(layers),
        })
    }

    /// Opens a table file to be read in place: its head is read and checked, and its length;
    /// each layer's checksum is checked when the layer is first read.
    pub fn open(path: &Path) -> Result<Table, TableError> {
        let file = File::open(path)?;
        let head = Head::read(io::BufReader::new(&file))?;
        let found = file.metadata()?.len();
        let expected = head.file_len();
        if found != expected {
            return Err(TableError::WrongLength { found, expected });
        }
        let mut starts = Vec::with_capacity(head.sums.len() + 1);
        let mut at = head.len;
        for n in 0..=head.seeds {
            starts.push(at);
            at += layer_len(n);
        }
        starts.push(at);
        let whole = (0..=head.seeds).map(|_| OnceLock::new()).collect();
        Ok(Table {
            preset: head.preset,
            seeds: head.seeds,
            layers: Layers::InPlace(InPlace {
                file,
                name: path.display().to_string(),
                starts,
                sums: head.sums,
                whole,
            }),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::board::Side;
    use crate::engine::endgame::index::unrank;
    use crate::engine::endgame::position;

    fn written(table: &Table) -> (tempfile::TempDir, std::path::PathBuf, Vec<u8>) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(file_name(table.preset, table.seeds));
        let mut bytes = Vec::new();
        let n = table.write_to(&mut bytes).unwrap();
        assert_eq!(n, bytes.len() as u64);
        std::fs::write(&path, &bytes).unwrap();
        (dir, path, bytes)
    }

    #[test]
    fn a_table_reads_back_and_a_damaged_one_is_refused() {
        let table = super::super::build(Preset::Abapa, 3, &mut ());
        let (_dir, _, bytes) = written(&table);
        // One side stored: two bytes a board, beside the head.
        let stored: u64 = (0..=3).map(|n| boards(n) * 2).sum();
        let head = (MAGIC.len() + 2 + "abapa".len() + 32 * 4 + 32) as u64;
        assert_eq!(bytes.len() as u64, head + stored);
        let back = Table::read_from(bytes.as_slice()).unwrap();
        assert_eq!(back, table);
        let mut flipped = bytes.clone();
        flipped[bytes.len() - 7] ^= 1;
        assert!(matches!(
            Table::read_from(flipped.as_slice()),
            Err(TableError::Damaged)
        ));
        assert!(matches!(
            Table::read_from(&bytes[..bytes.len() - 5]),
            Err(TableError::Damaged)
        ));
        assert!(matches!(
            Table::read_from(&b"hello"[..]),
            Err(TableError::NotATable)
        ));
        assert_eq!(file_name(Preset::AnanAnan, 12), "anan-anan-12.endgame");
    }

    /// In place, every position (both sides to move) reads as in memory; a layer damaged on the
    /// disk is refused at its first read, the others still read; a damaged head or a file cut
    /// short is refused when opened.
    #[test]
    fn a_table_read_in_place_checks_each_layer_at_its_first_read() {
        let table = super::super::build(Preset::Abapa, 6, &mut ());
        let (_dir, path, bytes) = written(&table);
        let in_place = Table::open(&path).unwrap();
        assert_eq!(in_place, table);
        for n in 0..=6 {
            for (pos, b) in table.layer(n) {
                assert_eq!(in_place.bounds(&pos), Some(b), "{pos}");
            }
        }

        // The last byte of the layer of 5 seeds changed after the table was opened: the layer
        // is refused when first read, the others are not.
        let damaged = Table::open(&path).unwrap();
        let Layers::InPlace(file) = &damaged.layers else {
            panic!("read in place")
        };
        let end_of_5 = file.starts[6] as usize - 1;
        let mut changed = bytes.clone();
        changed[end_of_5] ^= 0x40;
        std::fs::write(&path, &changed).unwrap();
        let five = position(unrank(0, 5), Side::North);
        let six = position(unrank(0, 6), Side::South);
        assert_eq!(damaged.bounds(&five), None);
        assert!(damaged.damaged(5) && !damaged.damaged(6));
        assert_eq!(damaged.bounds(&six), table.bounds(&six));
        assert!(damaged.stored(5).is_none());

        let mut head = bytes.clone();
        head[MAGIC.len() + 3] ^= 1;
        std::fs::write(&path, &head).unwrap();
        assert!(matches!(Table::open(&path), Err(TableError::Damaged)));
        std::fs::write(&path, &bytes[..bytes.len() - 2]).unwrap();
        assert!(matches!(
            Table::open(&path),
            Err(TableError::WrongLength { .. })
        ));
        // A file of version 2, whose bounds held whatever the history: refused, and said so.
        let mut earlier = bytes.clone();
        earlier[..MAGIC.len()].copy_from_slice(b"OWARE-ENDGAME 2\n");
        std::fs::write(&path, &earlier).unwrap();
        assert!(matches!(
            Table::open(&path),
            Err(TableError::EarlierVersion)
        ));
        std::fs::write(&path, b"OWARE-ENDGAM").unwrap();
        assert!(matches!(Table::open(&path), Err(TableError::NotATable)));
    }
}
