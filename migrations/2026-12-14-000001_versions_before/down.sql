-- The versions' triggers (made at every start, `src/db/tournament_versions.rs`) name the column:
-- drop them first (`DROP TRIGGER version_...`, one for each); an earlier release makes its own
-- again at its start.
ALTER TABLE tournament_versions DROP COLUMN before_id;
