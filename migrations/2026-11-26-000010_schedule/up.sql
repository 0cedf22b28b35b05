-- A tournament's time control and clock: minutes per game (each player), the increment, a
-- per-move limit, the time a round is given, and the venue's offset from UTC (the times people
-- read are the venue's).
CREATE TABLE schedules (
    tournament_id INTEGER PRIMARY KEY NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    game_minutes INTEGER CHECK (game_minutes BETWEEN 1 AND 600),
    increment_seconds INTEGER NOT NULL DEFAULT 0 CHECK (increment_seconds BETWEEN 0 AND 600),
    move_seconds INTEGER CHECK (move_seconds BETWEEN 1 AND 3600),
    round_minutes INTEGER CHECK (round_minutes BETWEEN 1 AND 1440),
    utc_offset_minutes INTEGER NOT NULL DEFAULT 0 CHECK (utc_offset_minutes BETWEEN -720 AND 840)
);
-- Each round's planned start (venue time) and when the controller started it (UTC).
CREATE TABLE round_times (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round_number INTEGER NOT NULL CHECK (round_number >= 1),
    planned_start TIMESTAMP,
    started_at TIMESTAMP,
    PRIMARY KEY (tournament_id, round_number)
);
