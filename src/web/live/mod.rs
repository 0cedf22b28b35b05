//! The pages that follow the data as it changes: the machinery that draws a source once per
//! change for all its streams (`feeds`), and its sources: the projector view of a tournament or
//! an event (`projector`), the staff's dashboard (`dashboard`) and a player's board
//! (`my_board`).

pub mod dashboard;
pub mod feeds;
pub mod my_board;
pub mod projector;
