-- On a venue: what changed of each tournament published to a hub, row by row, since the hub
-- last took it (`docs/publishing.md`). Written by triggers the service makes at every start from
-- its list of a tournament's tables (`src/db/tables.rs`, `src/db/venue_log.rs`); read and
-- forgotten up to `hub_links.pushed_log` when the hub takes a push. `row_id` names a player, a
-- game or a sheet; none: the part of that name, whole.
CREATE TABLE venue_log (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    tournament_id INTEGER NOT NULL,
    part TEXT NOT NULL,
    row_id INTEGER
);
CREATE INDEX venue_log_tournament ON venue_log (tournament_id, seq);

-- The last entry of the log the hub's copy holds (none: the next push is the whole file).
ALTER TABLE hub_links ADD COLUMN pushed_log BIGINT;
