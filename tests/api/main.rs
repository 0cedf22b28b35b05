//! The service over HTTP: every test starts the app on port 0 with a fresh database.

mod access;
mod architecture;
mod backups;
mod binary;
mod browser;
mod byes;
mod crash;
mod crowd;
mod event_day;
mod frictions;
mod hardening;
mod helpers;
mod hoarding;
mod input;
mod matches;
mod output;
mod pages;
mod persistence;
mod raw;
mod replication;
mod restrictions;
mod security;
mod sheets;
mod standings;
mod swiss;
mod trf;
