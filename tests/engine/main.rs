//! Engine tests against data files: fixture games from an independent implementation, perft
//! counts, single-move positions; games built from each preset's source text; properties.

mod cli;
mod endgame;
mod fixtures;
mod presets;
mod properties;

/// A path under `tests/data`.
pub fn data(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}
