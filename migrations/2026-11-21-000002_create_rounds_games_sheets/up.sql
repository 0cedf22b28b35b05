CREATE TABLE rounds (
    id INTEGER PRIMARY KEY NOT NULL,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    number INTEGER NOT NULL,
    published BOOLEAN NOT NULL DEFAULT 0,
    created_at TIMESTAMP NOT NULL,
    published_at TIMESTAMP,
    UNIQUE (tournament_id, number)
);

-- One pairing of a round: a game between South (who moves first) and North, or a bye (no North).
CREATE TABLE games (
    id INTEGER PRIMARY KEY NOT NULL,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round_id INTEGER NOT NULL REFERENCES rounds (id) ON DELETE CASCADE,
    -- Board number; NULL for a bye.
    board INTEGER,
    south_id INTEGER NOT NULL REFERENCES players (id),
    north_id INTEGER REFERENCES players (id),
    -- pending: no sheet; submitted: a sheet waits for the opponent; confirmed: both players stand
    -- behind it (or no confirmation is needed); disputed: the sheets differ; final: set by the
    -- controller (or a bye). Only confirmed and final results count.
    status TEXT NOT NULL CHECK (status IN ('pending', 'submitted', 'confirmed', 'disputed', 'final')),
    kind TEXT CHECK (kind IN ('played', 'forfeit-south', 'forfeit-north', 'double-forfeit', 'bye')),
    winner TEXT CHECK (winner IN ('south', 'north', 'draw')),
    south_seeds INTEGER,
    north_seeds INTEGER,
    end_kind TEXT CHECK (end_kind IN ('natural', 'agreement', 'resignation', 'time')),
    end_reason TEXT,
    -- The accepted move list, in letters with captures marked.
    moves TEXT,
    plies INTEGER,
    verified BOOLEAN NOT NULL DEFAULT 0,
    -- The controller's reason when they set the result.
    reason TEXT,
    updated_at TIMESTAMP NOT NULL,
    CHECK ((board IS NULL) = (north_id IS NULL))
);
CREATE UNIQUE INDEX games_by_board ON games (round_id, board) WHERE board IS NOT NULL;
CREATE INDEX games_by_tournament ON games (tournament_id);
CREATE INDEX games_by_south ON games (south_id);
CREATE INDEX games_by_north ON games (north_id);

-- Every sheet a player submitted, accepted by the engine (refused sheets are not kept).
CREATE TABLE sheets (
    id INTEGER PRIMARY KEY NOT NULL,
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    player_id INTEGER NOT NULL REFERENCES players (id),
    winner TEXT NOT NULL CHECK (winner IN ('south', 'north', 'draw')),
    south_seeds INTEGER NOT NULL,
    north_seeds INTEGER NOT NULL,
    end_kind TEXT NOT NULL CHECK (end_kind IN ('natural', 'agreement', 'resignation', 'time')),
    end_reason TEXT,
    moves TEXT NOT NULL,
    plies INTEGER NOT NULL,
    verified BOOLEAN NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX sheets_by_game ON sheets (game_id, id);
