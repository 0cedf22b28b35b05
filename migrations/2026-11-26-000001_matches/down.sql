DELETE FROM tournaments WHERE pairing = 'knockout';
DELETE FROM games WHERE match_game > 1;
DROP INDEX games_by_board;
CREATE UNIQUE INDEX games_by_board ON games (round_id, board) WHERE board IS NOT NULL;
ALTER TABLE games DROP COLUMN match_game;
ALTER TABLE players DROP COLUMN previous_player;
ALTER TABLE tournaments DROP COLUMN playoff_place;
ALTER TABLE tournaments DROP COLUMN previous_stage;
ALTER TABLE tournaments DROP COLUMN third_place;
ALTER TABLE tournaments DROP COLUMN match_tie;
ALTER TABLE tournaments DROP COLUMN match_score;
ALTER TABLE tournaments DROP COLUMN match_start;
ALTER TABLE tournaments DROP COLUMN match_length;
ALTER TABLE tournaments DROP COLUMN match_games;
PRAGMA writable_schema = ON;
UPDATE sqlite_schema
SET sql = replace(sql, 'pairing IN (''manual'', ''round-robin'', ''swiss'', ''knockout'')',
                  'pairing IN (''manual'', ''round-robin'', ''swiss'')')
WHERE type = 'table' AND name = 'tournaments';
PRAGMA writable_schema = RESET;
