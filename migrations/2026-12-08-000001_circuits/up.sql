-- On a hub: a season's circuits. Each is its rules as one record (`rules.json`, read by
-- serde into `circuit::Rules`): the tournaments that count and their coefficients, the points
-- table, the categories, the qualification and who declined; its standings are computed from
-- the counting tournaments' standings and the register, never stored.
CREATE TABLE circuits (
    id INTEGER PRIMARY KEY NOT NULL,
    rules TEXT NOT NULL CHECK (json_valid(rules)),
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL
);
