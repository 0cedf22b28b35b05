-- On the venue: what the hub acknowledged and what was sent since, so that a hub's copy is
-- taken as this venue's only when its content is (a venue restored from a backup whose changes
-- come quickly reaches the hub's version number with another history).
--
-- `pushed_digest`: the digest of the file at `pushed_version`, the version the hub last
-- acknowledged. `hub_sends`: each version sent since, with the digest of what was sent, written
-- before it is sent (a hub may take a push whose answer never arrives); emptied when the hub
-- acknowledges one. A hub told this history takes a file only when its copy is in it.
ALTER TABLE hub_links ADD COLUMN pushed_digest TEXT;
CREATE TABLE hub_sends (
    tournament_id INTEGER NOT NULL REFERENCES hub_links (tournament_id) ON DELETE CASCADE,
    version BIGINT NOT NULL,
    digest TEXT NOT NULL,
    PRIMARY KEY (tournament_id, version)
);
