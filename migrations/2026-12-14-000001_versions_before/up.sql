-- The tournament before each one (a stage's or a play-off's `previous_stage`), kept beside its
-- version so that the versions' triggers (`src/db/tournament_versions.rs`) move on the page
-- version of the tournament before a changed row's with one keyed statement, without reading
-- the tournament's row. Filled at every start (right after the migrations), and kept by a
-- trigger from then on.
ALTER TABLE tournament_versions ADD COLUMN before_id INTEGER;
