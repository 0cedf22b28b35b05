-- Publishing a venue's tournament to a hub while the event runs.
--
-- On the hub: the tokens its organisers make, one per tournament published to it. The secret is
-- kept as an argon2 hash; the first push makes the tournament and binds the token to it; a
-- revoked token is refused. `version` is the last version of the venue's tournament taken:
-- older and equal ones are answered without a change.
CREATE TABLE hub_tokens (
    id INTEGER PRIMARY KEY NOT NULL,
    label TEXT NOT NULL,
    secret_hash TEXT NOT NULL,
    tournament_id INTEGER REFERENCES tournaments (id) ON DELETE SET NULL,
    created_at TIMESTAMP NOT NULL,
    revoked_at TIMESTAMP,
    version BIGINT NOT NULL DEFAULT 0,
    pushed_at TIMESTAMP
);

-- On the venue: where each of its tournaments is published, with the token the hub gave, the
-- version the hub last took, and what went wrong last (the hub unreachable, or its refusal).
CREATE TABLE hub_links (
    tournament_id INTEGER PRIMARY KEY NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    hub_url TEXT NOT NULL,
    token TEXT NOT NULL,
    pushed_version BIGINT NOT NULL DEFAULT 0,
    pushed_at TIMESTAMP,
    hub_tournament INTEGER,
    refused_version BIGINT,
    problem TEXT,
    tried_at TIMESTAMP
);

-- A push writes a hub's copy of a tournament again: its players, rounds and games go, and each
-- row that goes has the rows naming it looked up (foreign keys). These lookups, and a player's
-- sheets, go by index rather than through every sheet and game of the hub.
CREATE INDEX sheets_by_player ON sheets (player_id);
CREATE INDEX players_by_previous ON players (previous_player);
CREATE INDEX sheet_refusals_by_player ON sheet_refusals (player_id);
CREATE INDEX prohibited_pairs_by_first ON prohibited_pairs (first_id);
CREATE INDEX prohibited_pairs_by_second ON prohibited_pairs (second_id);
CREATE INDEX games_by_round ON games (round_id);
