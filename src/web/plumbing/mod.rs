//! The server's plumbing, under every page: who sent a request and whether its form came from
//! one of our pages (`access`), the API's guards (`api_guard`: media types, origins) and the
//! forms' (`form_guard`: UTF-8), the client's address (`client`), which connections are
//! admitted (`connections`), how long and how big a request may be and how many streams are
//! open (`limits`), how the routes are registered (`routes`), and whether a live stream's session still holds (`sessions`).

pub mod access;
pub mod api_guard;
pub mod client;
pub mod connections;
pub mod form_guard;
pub mod generations;
pub mod limits;
pub mod routes;
pub mod sessions;
