-- The Oware Rating List's register: one person across every event. An id is never reused
-- (AUTOINCREMENT); a person merged into another keeps their row and id, with `merged_into`
-- naming the one their games now count for, so that a split gives both back exactly.
CREATE TABLE persons (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    name TEXT NOT NULL,
    -- The name as the register compares it: no case, accents, hyphens or apostrophes, its words
    -- in order.
    name_key TEXT NOT NULL,
    birth_year INTEGER,
    gender TEXT NOT NULL DEFAULT '',
    federation TEXT NOT NULL DEFAULT '',
    club TEXT NOT NULL DEFAULT '',
    licence TEXT NOT NULL DEFAULT '',
    merged_into INTEGER REFERENCES persons (id),
    created_at TIMESTAMP NOT NULL,
    -- At a venue: the rating and RD the hub's register file gave (the hub computes its own).
    rating DOUBLE,
    rd DOUBLE
);
CREATE INDEX persons_by_key ON persons (name_key);
CREATE INDEX persons_by_licence ON persons (licence) WHERE licence <> '';

-- The person of the register a player is, as entered at the venue (and carried in the
-- tournament's file).
ALTER TABLE players ADD COLUMN register_id INTEGER;

-- On a hub, a player pushed without a person, linked to one by the hub's organiser: kept apart
-- from the players' rows (which every push writes again), by the tournament and the player's
-- name.
CREATE TABLE register_links (
    tournament_id INTEGER NOT NULL,
    player_name TEXT NOT NULL,
    person_id INTEGER NOT NULL REFERENCES persons (id),
    linked_at TIMESTAMP NOT NULL,
    PRIMARY KEY (tournament_id, player_name)
);

-- The tournaments whose played games the rating list counts, as the hub's organiser marks them.
CREATE TABLE rated_tournaments (
    tournament_id INTEGER PRIMARY KEY NOT NULL,
    marked_at TIMESTAMP NOT NULL
);
