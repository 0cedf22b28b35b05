//! Oware tournament service: score sheets verified by replay, pairings and standings.

pub mod cli;
pub mod engine;
