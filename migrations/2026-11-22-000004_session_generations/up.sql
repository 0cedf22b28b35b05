-- Sessions carry the generation they were signed in at; a session of an older generation is
-- over. Signing out (and for a player, a new PIN or a withdrawal) moves the generation on.
ALTER TABLE accounts ADD COLUMN session_generation INTEGER NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN session_generation INTEGER NOT NULL DEFAULT 0;
