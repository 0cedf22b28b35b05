-- A tournament's team standings settings (JSON: src/tournament/teams.rs, TeamSettings).
ALTER TABLE tournaments ADD COLUMN teams TEXT NOT NULL DEFAULT '{}';
