-- Accounts of organisers and controllers. Players sign in with a per-tournament PIN instead.
CREATE TABLE accounts (
    id INTEGER PRIMARY KEY NOT NULL,
    username TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    role TEXT NOT NULL CHECK (role IN ('organiser', 'controller')),
    failed_logins INTEGER NOT NULL DEFAULT 0,
    locked_until TIMESTAMP,
    created_at TIMESTAMP NOT NULL
);

-- Values the service keeps across restarts (the session cookie key).
CREATE TABLE settings (
    name TEXT PRIMARY KEY NOT NULL,
    value TEXT NOT NULL
);

CREATE TABLE tournaments (
    id INTEGER PRIMARY KEY NOT NULL,
    name TEXT NOT NULL,
    venue TEXT NOT NULL DEFAULT '',
    start_date DATE,
    end_date DATE,
    -- The full rule set (preset and every option) as JSON.
    rules TEXT NOT NULL,
    rounds INTEGER NOT NULL,
    pairing TEXT NOT NULL CHECK (pairing IN ('manual', 'round-robin', 'swiss')),
    points_win DOUBLE NOT NULL,
    points_draw DOUBLE NOT NULL,
    points_loss DOUBLE NOT NULL,
    points_bye DOUBLE NOT NULL,
    -- Tie-break codes in order, comma-separated.
    tiebreaks TEXT NOT NULL DEFAULT '',
    require_moves BOOLEAN NOT NULL DEFAULT 1,
    require_confirmation BOOLEAN NOT NULL DEFAULT 1,
    created_at TIMESTAMP NOT NULL
);

-- Which controllers run which tournaments.
CREATE TABLE tournament_controllers (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    PRIMARY KEY (tournament_id, account_id)
);

CREATE TABLE players (
    id INTEGER PRIMARY KEY NOT NULL,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    club TEXT NOT NULL DEFAULT '',
    country TEXT NOT NULL DEFAULT '',
    rating INTEGER,
    pin_hash TEXT NOT NULL,
    withdrawn BOOLEAN NOT NULL DEFAULT 0,
    failed_pins INTEGER NOT NULL DEFAULT 0,
    pin_locked_until TIMESTAMP,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX players_by_tournament ON players (tournament_id);

-- Every change: who, what, when, before and after (JSON).
CREATE TABLE audit_log (
    id INTEGER PRIMARY KEY NOT NULL,
    at TIMESTAMP NOT NULL,
    actor TEXT NOT NULL,
    action TEXT NOT NULL,
    tournament_id INTEGER REFERENCES tournaments (id) ON DELETE SET NULL,
    entity TEXT NOT NULL,
    entity_id INTEGER,
    before TEXT,
    after TEXT
);
CREATE INDEX audit_by_tournament ON audit_log (tournament_id, id);
