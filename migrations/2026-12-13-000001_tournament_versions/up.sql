-- Each tournament's version, kept with its data (`src/db/tournament_versions.rs`): moved on by
-- the database's own triggers in the transaction of every change, so it survives a restart.
-- `version` moves with what its pages show, `carried` with what its file carries (what a venue
-- pushes). Both start at the tournament's latest audit entry, the version its hub was last sent,
-- so that a hub never sees a linked venue's numbers go back.
CREATE TABLE tournament_versions (
    tournament_id INTEGER PRIMARY KEY NOT NULL,
    version BIGINT NOT NULL,
    carried BIGINT NOT NULL
);
INSERT INTO tournament_versions (tournament_id, version, carried)
SELECT t.id, COALESCE(MAX(a.id), 0), COALESCE(MAX(a.id), 0)
FROM tournaments t LEFT JOIN audit_log a ON a.tournament_id = t.id
GROUP BY t.id;
-- On a hub: the version of a token's copy when its last push was written (none: written by an
-- earlier release). Changes are taken only while the copy is still at it: any change of the copy
-- on the hub since, with an audit entry or not, makes the hub ask for the whole file.
ALTER TABLE hub_tokens ADD COLUMN copy_version BIGINT;
