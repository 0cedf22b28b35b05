-- MSO's Oware rules leave the seed spread out of MSO's tie-break rule: `mso` now follows them,
-- and `mso-spread` is the general rule with the spread. Tournaments stored with `mso` were
-- ordered with the spread: they keep it, as `mso-spread`, so that no published standings
-- change. Widening an IN list only admits more rows, so the table's text is changed in place
-- (as the matches and adjudication migrations did) and the schema read again.
PRAGMA writable_schema = ON;
UPDATE sqlite_schema
SET sql = replace(sql, 'tie_policy TEXT NOT NULL DEFAULT ''fide'' CHECK (tie_policy IN (''fide'', ''mso''))',
                  'tie_policy TEXT NOT NULL DEFAULT ''fide'' CHECK (tie_policy IN (''fide'', ''mso'', ''mso-spread''))')
WHERE type = 'table' AND name = 'tournaments';
PRAGMA writable_schema = RESET;

UPDATE tournaments SET tie_policy = 'mso-spread' WHERE tie_policy = 'mso';

-- Each tournament's identity, the same in every copy of it (a tournament file carries it, an
-- import keeps it, a hub binds a token to it): a random 128-bit number, made with the
-- tournament.
CREATE TABLE tournament_identities (
    tournament_id INTEGER PRIMARY KEY NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    uid TEXT NOT NULL
);
INSERT INTO tournament_identities (tournament_id, uid)
SELECT id, lower(hex(randomblob(16))) FROM tournaments;
CREATE TRIGGER tournament_identity AFTER INSERT ON tournaments BEGIN
    INSERT INTO tournament_identities (tournament_id, uid)
    VALUES (NEW.id, lower(hex(randomblob(16))));
END;

-- On the hub: the tournament a token publishes (bound by the first push), the digest of the
-- file it last took, and the version of the venue's last push when it disagreed with the hub's
-- copy (behind it, or the same version with other content), with when.
ALTER TABLE hub_tokens ADD COLUMN tournament_uid TEXT;
ALTER TABLE hub_tokens ADD COLUMN digest TEXT;
ALTER TABLE hub_tokens ADD COLUMN disagreed_version BIGINT;
ALTER TABLE hub_tokens ADD COLUMN disagreed_at TIMESTAMP;

-- On the venue: the hub's copy does not follow from this venue's history (`disagreed`), and the
-- organiser asked to publish the venue's copy again whatever the hub has (`again`).
ALTER TABLE hub_links ADD COLUMN disagreed BOOLEAN NOT NULL DEFAULT 0;
ALTER TABLE hub_links ADD COLUMN again BOOLEAN NOT NULL DEFAULT 0;

-- An audit entry that came inside a tournament file or a push: who sent it (this copy's own
-- entries have none). It is kept as the sender wrote it, never taken for this copy's own.
ALTER TABLE audit_log ADD COLUMN sender TEXT;
