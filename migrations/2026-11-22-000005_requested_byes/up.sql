-- Byes a player asks for before a round is paired (FIDE C.04): half a point, no point, or (when
-- the controller grants it) a full point. The player is left out of that round's pairing.
CREATE TABLE byes (
    id INTEGER PRIMARY KEY NOT NULL,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    player_id INTEGER NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    round_number INTEGER NOT NULL CHECK (round_number >= 1),
    kind TEXT NOT NULL CHECK (kind IN ('half', 'zero', 'full')),
    created_at TIMESTAMP NOT NULL,
    UNIQUE (player_id, round_number)
);
CREATE INDEX byes_tournament ON byes (tournament_id, round_number);
