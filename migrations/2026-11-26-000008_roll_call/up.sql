-- Whether the players answer a roll call before round 1 ('first'), before every round
-- ('every'), or only when the controller takes one ('none').
ALTER TABLE tournaments ADD COLUMN check_in TEXT NOT NULL DEFAULT 'none'
    CHECK (check_in IN ('none', 'first', 'every'));
-- A roll call before a round: open while the players check in, closed once the absent are
-- given a zero-point bye or withdrawn.
CREATE TABLE roll_calls (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round_number INTEGER NOT NULL CHECK (round_number >= 1),
    opened_at TIMESTAMP NOT NULL,
    closed_at TIMESTAMP,
    PRIMARY KEY (tournament_id, round_number)
);
-- Who answered: present or absent, marked by the player (signing in) or the staff.
CREATE TABLE check_ins (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round_number INTEGER NOT NULL,
    player_id INTEGER NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    present BOOLEAN NOT NULL,
    by_player BOOLEAN NOT NULL,
    at TIMESTAMP NOT NULL,
    PRIMARY KEY (player_id, round_number)
);
CREATE INDEX check_ins_by_round ON check_ins (tournament_id, round_number);
