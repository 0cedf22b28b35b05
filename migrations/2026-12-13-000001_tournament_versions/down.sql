-- The versions' triggers (made at every start, `src/db/tournament_versions.rs`) name the table:
-- a release before this one drops them first (`DROP TRIGGER version_...`, one for each).
ALTER TABLE hub_tokens DROP COLUMN copy_version;
DROP TABLE tournament_versions;
