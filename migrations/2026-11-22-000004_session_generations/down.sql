ALTER TABLE players DROP COLUMN session_generation;
ALTER TABLE accounts DROP COLUMN session_generation;
