//! The words of every fact the service shows people, in the reader's language: the engine's
//! and the views' facts (`words`: a move as the paper sheet numbers it, a replay's fault, a
//! state, a time control), a result and a match (`outcomes`), and the service's refusals, the
//! domain's problems and what the service keeps as facts (`refusals`). The pages and the API
//! (`web/`) and the command line (`cli/`) word them here, in one place; the message files
//! themselves are `locale/`'s.

pub mod months;
pub mod outcomes;
pub mod prizes;
pub mod refusals;
pub mod words;
