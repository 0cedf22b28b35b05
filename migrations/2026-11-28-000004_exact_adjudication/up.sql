-- How a game unfinished at the end of the round's time is adjudicated: `rows` (each player
-- scores their store and their own row) or `exact` (the endgame tables' value where they hold
-- the board and decide the winner, `rows` otherwise). Chosen before the first round.
ALTER TABLE tournaments ADD COLUMN adjudication TEXT NOT NULL DEFAULT 'rows';
