-- What a pairing plays: one game (as before), k games, or best of k; who starts each game after
-- the first; what the standings count; what a level match does.
ALTER TABLE tournaments ADD COLUMN match_games INTEGER NOT NULL DEFAULT 1;
ALTER TABLE tournaments ADD COLUMN match_length TEXT NOT NULL DEFAULT 'games';
ALTER TABLE tournaments ADD COLUMN match_start TEXT NOT NULL DEFAULT 'alternate';
ALTER TABLE tournaments ADD COLUMN match_score TEXT NOT NULL DEFAULT 'match-points';
ALTER TABLE tournaments ADD COLUMN match_tie TEXT NOT NULL DEFAULT 'draw';
-- A knockout (pairing 'knockout'): the semi-finals' losers play for third place.
ALTER TABLE tournaments ADD COLUMN third_place BOOLEAN NOT NULL DEFAULT 0;
-- An event of stages: the tournament whose final standings gave this one its players.
ALTER TABLE tournaments ADD COLUMN previous_stage INTEGER REFERENCES tournaments (id) ON DELETE SET NULL;
-- A play-off: the place of the previous stage's standings it decides.
ALTER TABLE tournaments ADD COLUMN playoff_place INTEGER;
-- A player of a stage: who they were in the stage before.
ALTER TABLE players ADD COLUMN previous_player INTEGER REFERENCES players (id) ON DELETE SET NULL;
-- The game's number in its match (the games of one board of one round), from 1: a board holds
-- one game of each number.
ALTER TABLE games ADD COLUMN match_game INTEGER NOT NULL DEFAULT 1;
DROP INDEX games_by_board;
CREATE UNIQUE INDEX games_by_board ON games (round_id, board, match_game) WHERE board IS NOT NULL;

-- A knockout is a pairing system of its own: the CHECK on tournaments.pairing admits it. Widening
-- an IN list only admits more rows, so the table's text is changed in place (SQLite's documented
-- way to change a CHECK without rebuilding the table, which its foreign keys would cascade), and
-- the schema read again (RESET).
PRAGMA writable_schema = ON;
UPDATE sqlite_schema
SET sql = replace(sql, 'pairing IN (''manual'', ''round-robin'', ''swiss'')',
                  'pairing IN (''manual'', ''round-robin'', ''swiss'', ''knockout'')')
WHERE type = 'table' AND name = 'tournaments';
PRAGMA writable_schema = RESET;
