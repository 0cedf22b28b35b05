//! A table's bytes: a header (`OWARE-ENDGAME 1`, the preset's name, the seeds), then every
//! position's two bounds (a byte each, in table order: layer by layer, rank by rank, South to
//! move then North), then the SHA-256 of all that. Nothing else: the positions are implied by
//! their place.

use std::io::{self, Read, Write};

use sha2::{Digest, Sha256};

use super::Table;
use super::index::boards;
use crate::engine::rules::Preset;

const MAGIC: &[u8] = b"OWARE-ENDGAME 1\n";

/// The file a table is kept in, in the tables' folder.
pub fn file_name(preset: Preset, seeds: u8) -> String {
    format!("{}-{seeds}.endgame", preset.name())
}

#[derive(Debug, thiserror::Error)]
pub enum TableError {
    #[error("not an endgame table (the file does not start as one)")]
    NotATable,
    #[error("the table names an unknown rule set {0:?}")]
    UnknownRules(String),
    #[error("the table is cut short or damaged (its checksum does not match)")]
    Damaged,
    #[error("the table holds {0} seeds, more than a board has")]
    TooManySeeds(u8),
    #[error(transparent)]
    Io(#[from] io::Error),
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

impl Table {
    /// Writes the table; returns the bytes written.
    pub fn write_to(&self, out: impl Write) -> io::Result<u64> {
        let mut w = Hashing {
            inner: out,
            hash: Sha256::new(),
        };
        let name = self.preset.name().as_bytes();
        w.write_all(MAGIC)?;
        w.write_all(&[name.len() as u8])?;
        w.write_all(name)?;
        w.write_all(&[self.seeds])?;
        let mut written = (MAGIC.len() + 2 + name.len()) as u64;
        let mut buf = Vec::with_capacity(1 << 16);
        for layer in &self.layers {
            for chunk in layer.chunks(1 << 15) {
                buf.clear();
                for v in chunk {
                    buf.extend_from_slice(&v.to_le_bytes());
                }
                w.write_all(&buf)?;
                written += buf.len() as u64;
            }
        }
        let digest = w.hash.finalize();
        w.inner.write_all(&digest)?;
        w.inner.flush()?;
        Ok(written + digest.len() as u64)
    }

    /// Reads a table written by [`Table::write_to`], checking its checksum.
    pub fn read_from(mut input: impl Read) -> Result<Table, TableError> {
        let mut hash = Sha256::new();
        let mut magic = [0u8; MAGIC.len()];
        input
            .read_exact(&mut magic)
            .map_err(|_| TableError::NotATable)?;
        if magic != MAGIC {
            return Err(TableError::NotATable);
        }
        hash.update(magic);
        let mut len = [0u8; 1];
        input
            .read_exact(&mut len)
            .map_err(|_| TableError::Damaged)?;
        let mut name = vec![0u8; usize::from(len[0])];
        input
            .read_exact(&mut name)
            .map_err(|_| TableError::Damaged)?;
        let mut seeds = [0u8; 1];
        input
            .read_exact(&mut seeds)
            .map_err(|_| TableError::Damaged)?;
        hash.update(len);
        hash.update(&name);
        hash.update(seeds);
        let name = String::from_utf8_lossy(&name).into_owned();
        let preset: Preset = name.parse().map_err(|_| TableError::UnknownRules(name))?;
        let seeds = seeds[0];
        if seeds > 48 {
            return Err(TableError::TooManySeeds(seeds));
        }
        let mut layers = Vec::with_capacity(usize::from(seeds) + 1);
        let mut buf = vec![0u8; 1 << 16];
        for n in 0..=seeds {
            let count = usize::try_from(boards(n) * 2).map_err(|_| TableError::Damaged)?;
            let mut layer = Vec::with_capacity(count);
            while layer.len() < count {
                let take = (count - layer.len()).min(buf.len() / 2);
                let bytes = &mut buf[..take * 2];
                input.read_exact(bytes).map_err(|_| TableError::Damaged)?;
                hash.update(&*bytes);
                layer.extend(
                    bytes
                        .chunks_exact(2)
                        .map(|b| u16::from_le_bytes([b[0], b[1]])),
                );
            }
            layers.push(layer);
        }
        let mut digest = [0u8; 32];
        input
            .read_exact(&mut digest)
            .map_err(|_| TableError::Damaged)?;
        if hash.finalize().as_slice() != digest {
            return Err(TableError::Damaged);
        }
        let mut rest = [0u8; 1];
        if input.read(&mut rest)? != 0 {
            return Err(TableError::Damaged);
        }
        Ok(Table {
            preset,
            seeds,
            layers,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_reads_back_and_a_damaged_one_is_refused() {
        let table = super::super::build(Preset::Abapa, 3, &mut ());
        let mut bytes = Vec::new();
        let written = table.write_to(&mut bytes).unwrap();
        assert_eq!(written, bytes.len() as u64);
        let back = Table::read_from(bytes.as_slice()).unwrap();
        assert_eq!(back, table);
        let mut flipped = bytes.clone();
        flipped[40] ^= 1;
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
}
