-- A knockout of double elimination: a player is out after two lost matches.
ALTER TABLE tournaments ADD COLUMN double_elimination BOOLEAN NOT NULL DEFAULT 0;
