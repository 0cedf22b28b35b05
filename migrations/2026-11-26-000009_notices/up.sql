-- The staff's notice to everyone at a tournament ("lunch until 13:30; appeals at table 1"): on
-- its page, the players' pages and the projector. No row: no notice.
CREATE TABLE notices (
    tournament_id INTEGER PRIMARY KEY NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    text TEXT NOT NULL,
    written_at TIMESTAMP NOT NULL
);
