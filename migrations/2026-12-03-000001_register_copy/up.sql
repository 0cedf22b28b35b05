-- At a venue: the hub's register this service holds a copy of, as last imported. The hub owns
-- the numbers: where this row is, no person is added, merged, split, linked or rated here (a
-- newcomer is entered as a player without a number, and the hub gives them one).
CREATE TABLE register_copy (
    id INTEGER PRIMARY KEY NOT NULL CHECK (id = 1),
    imported_at TIMESTAMP NOT NULL,
    persons INTEGER NOT NULL
);
