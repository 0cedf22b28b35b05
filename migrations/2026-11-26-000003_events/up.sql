-- An event: sections (tournaments) with a venue, dates and staff in common, and the categories
-- its prizes and standings go by (JSON: a list of {"name", "rule", ...}, see
-- src/tournament/categories.rs), computed from each player's details.
CREATE TABLE events (
    id INTEGER PRIMARY KEY NOT NULL,
    name TEXT NOT NULL,
    venue TEXT NOT NULL DEFAULT '',
    start_date DATE,
    end_date DATE,
    categories TEXT NOT NULL DEFAULT '[]',
    created_at TIMESTAMP NOT NULL
);
-- Controllers of an event run every one of its sections.
CREATE TABLE event_controllers (
    event_id INTEGER NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    account_id INTEGER NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    PRIMARY KEY (event_id, account_id)
);
ALTER TABLE tournaments ADD COLUMN event_id INTEGER REFERENCES events (id) ON DELETE SET NULL;
CREATE INDEX tournaments_by_event ON tournaments (event_id);
-- A player's details the categories look at, and those an event prints.
ALTER TABLE players ADD COLUMN birth_year INTEGER;
ALTER TABLE players ADD COLUMN gender TEXT NOT NULL DEFAULT '' CHECK (gender IN ('', 'female', 'male'));
ALTER TABLE players ADD COLUMN title TEXT NOT NULL DEFAULT '';
ALTER TABLE players ADD COLUMN federation TEXT NOT NULL DEFAULT '';
