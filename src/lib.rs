//! Oware tournament service: score sheets verified by replay, pairings and standings.

pub mod auth;
pub mod circuit;
pub mod cli;
pub mod config;
pub mod db;
pub mod engine;
pub mod fide;
pub mod locale;
pub mod rating;
pub mod service;
pub mod startup;
pub mod tournament;
pub mod web;
pub mod wording;
