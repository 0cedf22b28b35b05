-- Pairings the controller rules out (FIDE C.04.1: players who must not meet, such as siblings),
-- and the rounds in which players of the same club are not paired together.
ALTER TABLE tournaments ADD COLUMN club_rounds INTEGER NOT NULL DEFAULT 0;
CREATE TABLE prohibited_pairs (
    id INTEGER PRIMARY KEY NOT NULL,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    first_id INTEGER NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    second_id INTEGER NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    CHECK (first_id < second_id),
    UNIQUE (first_id, second_id)
);
CREATE INDEX prohibited_pairs_tournament ON prohibited_pairs (tournament_id);
