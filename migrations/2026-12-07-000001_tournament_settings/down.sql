-- The settings as columns again, each from the record; the language in its own table.
ALTER TABLE tournaments DROP COLUMN name;
ALTER TABLE tournaments DROP COLUMN venue;
ALTER TABLE tournaments DROP COLUMN start_date;
ALTER TABLE tournaments DROP COLUMN end_date;
ALTER TABLE tournaments DROP COLUMN language;
CREATE TABLE tournament_languages (
    tournament_id INTEGER PRIMARY KEY NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    language TEXT NOT NULL CHECK (length(language) BETWEEN 2 AND 8)
);
INSERT INTO tournament_languages (tournament_id, language)
SELECT id, json_extract(settings, '$.language') FROM tournaments
WHERE coalesce(json_extract(settings, '$.language'), 'en') != 'en';
ALTER TABLE tournaments ADD COLUMN name TEXT NOT NULL DEFAULT '';
ALTER TABLE tournaments ADD COLUMN venue TEXT NOT NULL DEFAULT '';
ALTER TABLE tournaments ADD COLUMN start_date DATE;
ALTER TABLE tournaments ADD COLUMN end_date DATE;
ALTER TABLE tournaments ADD COLUMN rules TEXT NOT NULL DEFAULT '{}';
ALTER TABLE tournaments ADD COLUMN rounds INTEGER NOT NULL DEFAULT 1;
ALTER TABLE tournaments ADD COLUMN pairing TEXT NOT NULL DEFAULT 'swiss'
    CHECK (pairing IN ('manual', 'round-robin', 'swiss', 'knockout'));
ALTER TABLE tournaments ADD COLUMN points_win DOUBLE NOT NULL DEFAULT 1;
ALTER TABLE tournaments ADD COLUMN points_draw DOUBLE NOT NULL DEFAULT 0.5;
ALTER TABLE tournaments ADD COLUMN points_loss DOUBLE NOT NULL DEFAULT 0;
ALTER TABLE tournaments ADD COLUMN points_bye DOUBLE NOT NULL DEFAULT 1;
ALTER TABLE tournaments ADD COLUMN tiebreaks TEXT NOT NULL DEFAULT '';
ALTER TABLE tournaments ADD COLUMN require_moves BOOLEAN NOT NULL DEFAULT 1;
ALTER TABLE tournaments ADD COLUMN require_confirmation BOOLEAN NOT NULL DEFAULT 1;
ALTER TABLE tournaments ADD COLUMN club_rounds INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tournaments ADD COLUMN match_games INTEGER NOT NULL DEFAULT 1;
ALTER TABLE tournaments ADD COLUMN match_length TEXT NOT NULL DEFAULT 'games';
ALTER TABLE tournaments ADD COLUMN match_start TEXT NOT NULL DEFAULT 'alternate';
ALTER TABLE tournaments ADD COLUMN match_score TEXT NOT NULL DEFAULT 'match-points';
ALTER TABLE tournaments ADD COLUMN match_tie TEXT NOT NULL DEFAULT 'draw';
ALTER TABLE tournaments ADD COLUMN third_place BOOLEAN NOT NULL DEFAULT 0;
ALTER TABLE tournaments ADD COLUMN double_elimination BOOLEAN NOT NULL DEFAULT 0;
ALTER TABLE tournaments ADD COLUMN tie_policy TEXT NOT NULL DEFAULT 'fide';
ALTER TABLE tournaments ADD COLUMN lots_seed BIGINT;
ALTER TABLE tournaments ADD COLUMN check_in TEXT NOT NULL DEFAULT 'none';
ALTER TABLE tournaments ADD COLUMN adjudication TEXT NOT NULL DEFAULT 'rows';
UPDATE tournaments SET
    name = json_extract(settings, '$.name'),
    venue = coalesce(json_extract(settings, '$.venue'), ''),
    start_date = json_extract(settings, '$.start_date'),
    end_date = json_extract(settings, '$.end_date'),
    -- The record names every option of its rule set.
    rules = json_set(json_extract(settings, '$.rule_options'), '$.preset',
                     json_extract(settings, '$.rules')),
    rounds = json_extract(settings, '$.rounds'),
    pairing = json_extract(settings, '$.pairing'),
    points_win = json_extract(settings, '$.points.win'),
    points_draw = json_extract(settings, '$.points.draw'),
    points_loss = json_extract(settings, '$.points.loss'),
    points_bye = json_extract(settings, '$.points.bye'),
    tiebreaks = coalesce((SELECT group_concat(value, ',') FROM json_each(settings, '$.tiebreaks')), ''),
    require_moves = json_extract(settings, '$.require_moves'),
    require_confirmation = json_extract(settings, '$.require_confirmation'),
    club_rounds = json_extract(settings, '$.club_rounds'),
    match_games = json_extract(settings, '$.match_games'),
    match_length = json_extract(settings, '$.match_length'),
    match_start = json_extract(settings, '$.match_start'),
    match_score = json_extract(settings, '$.match_score'),
    match_tie = json_extract(settings, '$.match_tie'),
    third_place = json_extract(settings, '$.third_place'),
    double_elimination = json_extract(settings, '$.double_elimination'),
    tie_policy = json_extract(settings, '$.tie_policy'),
    lots_seed = json_extract(settings, '$.lots_seed'),
    check_in = json_extract(settings, '$.check_in'),
    adjudication = json_extract(settings, '$.adjudication');
ALTER TABLE tournaments DROP COLUMN settings;
