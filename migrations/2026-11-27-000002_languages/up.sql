-- A tournament's own language (a code such as 'fr'): its printed pairings, score sheets and PIN
-- slips are in it, and so are its pages for visitors whose browser names no language the
-- service speaks. A tournament without a row is in English.
CREATE TABLE tournament_languages (
    tournament_id INTEGER PRIMARY KEY NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    language TEXT NOT NULL CHECK (length(language) BETWEEN 2 AND 8)
);
