-- A tournament's settings are one record: the tournament file's `settings` as JSON (the rule set
-- as its preset and every one of its options, the format, the points, the tie-breaks, what a pairing plays,
-- the language, ...), read and checked by `tournament::settings::TournamentSettings`. What SQL
-- reads of them (the name, the venue, the dates, the language) are columns generated from the
-- record, never stored twice; the event, the stages, the prizes and the teams stay columns.
ALTER TABLE tournaments ADD COLUMN settings TEXT NOT NULL DEFAULT '{}';
UPDATE tournaments SET settings = json_object(
    'name', name,
    'venue', venue,
    'start_date', start_date,
    'end_date', end_date,
    'rules', json_extract(rules, '$.preset'),
    'rule_options', json_remove(json(rules), '$.preset'),
    'rounds', rounds,
    'pairing', pairing,
    'points', json_object('win', points_win, 'draw', points_draw, 'loss', points_loss,
                          'bye', points_bye),
    'tiebreaks', CASE WHEN tiebreaks = '' THEN json('[]')
                      ELSE json('["' || replace(tiebreaks, ',', '","') || '"]') END,
    'require_moves', json(CASE WHEN require_moves THEN 'true' ELSE 'false' END),
    'require_confirmation', json(CASE WHEN require_confirmation THEN 'true' ELSE 'false' END),
    'club_rounds', club_rounds,
    'match_games', match_games,
    'match_length', match_length,
    'match_start', match_start,
    'match_score', match_score,
    'match_tie', match_tie,
    'third_place', json(CASE WHEN third_place AND pairing = 'knockout' AND NOT double_elimination
                             THEN 'true' ELSE 'false' END),
    'double_elimination', json(CASE WHEN double_elimination AND pairing = 'knockout'
                                    THEN 'true' ELSE 'false' END),
    'tie_policy', tie_policy,
    'lots_seed', lots_seed,
    'check_in', check_in,
    'adjudication', adjudication,
    'language', coalesce((SELECT language FROM tournament_languages l
                          WHERE l.tournament_id = tournaments.id), 'en')
);
ALTER TABLE tournaments DROP COLUMN name;
ALTER TABLE tournaments DROP COLUMN venue;
ALTER TABLE tournaments DROP COLUMN start_date;
ALTER TABLE tournaments DROP COLUMN end_date;
ALTER TABLE tournaments DROP COLUMN rules;
ALTER TABLE tournaments DROP COLUMN rounds;
ALTER TABLE tournaments DROP COLUMN pairing;
ALTER TABLE tournaments DROP COLUMN points_win;
ALTER TABLE tournaments DROP COLUMN points_draw;
ALTER TABLE tournaments DROP COLUMN points_loss;
ALTER TABLE tournaments DROP COLUMN points_bye;
ALTER TABLE tournaments DROP COLUMN tiebreaks;
ALTER TABLE tournaments DROP COLUMN require_moves;
ALTER TABLE tournaments DROP COLUMN require_confirmation;
ALTER TABLE tournaments DROP COLUMN club_rounds;
ALTER TABLE tournaments DROP COLUMN match_games;
ALTER TABLE tournaments DROP COLUMN match_length;
ALTER TABLE tournaments DROP COLUMN match_start;
ALTER TABLE tournaments DROP COLUMN match_score;
ALTER TABLE tournaments DROP COLUMN match_tie;
ALTER TABLE tournaments DROP COLUMN third_place;
ALTER TABLE tournaments DROP COLUMN double_elimination;
ALTER TABLE tournaments DROP COLUMN tie_policy;
ALTER TABLE tournaments DROP COLUMN lots_seed;
ALTER TABLE tournaments DROP COLUMN check_in;
ALTER TABLE tournaments DROP COLUMN adjudication;
DROP TABLE tournament_languages;
ALTER TABLE tournaments ADD COLUMN name TEXT
    GENERATED ALWAYS AS (coalesce(json_extract(settings, '$.name'), '')) VIRTUAL;
ALTER TABLE tournaments ADD COLUMN venue TEXT
    GENERATED ALWAYS AS (coalesce(json_extract(settings, '$.venue'), '')) VIRTUAL;
ALTER TABLE tournaments ADD COLUMN start_date DATE
    GENERATED ALWAYS AS (json_extract(settings, '$.start_date')) VIRTUAL;
ALTER TABLE tournaments ADD COLUMN end_date DATE
    GENERATED ALWAYS AS (json_extract(settings, '$.end_date')) VIRTUAL;
ALTER TABLE tournaments ADD COLUMN language TEXT
    GENERATED ALWAYS AS (coalesce(json_extract(settings, '$.language'), 'en')) VIRTUAL;
