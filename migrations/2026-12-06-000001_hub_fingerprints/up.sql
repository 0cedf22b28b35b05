-- On a venue: what it keeps of the file its hub last took, instead of the file (each record's
-- id and a hash of it, in the file's order; a hash of each list given whole; the audit trail's
-- length and hash), written with the push the hub took, so that a venue started again pushes
-- the changes since, not the whole file.
CREATE TABLE hub_fingerprints (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    part TEXT NOT NULL,
    key BIGINT NOT NULL,
    position BIGINT NOT NULL,
    hash BIGINT NOT NULL,
    PRIMARY KEY (tournament_id, part, key)
) WITHOUT ROWID;
