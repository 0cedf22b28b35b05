-- At a venue: the circuits of its hub that count one of its tournaments, as the hub published
-- them when the venue last reached it (the rules, every result as `circuit.csv`); the venue
-- shows them, and each player's provisional circuit points from its own standings.
CREATE TABLE held_circuits (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    circuit_id INTEGER NOT NULL,
    rules TEXT NOT NULL CHECK (json_valid(rules)),
    results TEXT NOT NULL,
    computed_at TIMESTAMP NOT NULL,
    fetched_at TIMESTAMP NOT NULL,
    PRIMARY KEY (tournament_id, circuit_id)
);
