-- Score sheets the replay refused, by game: how many since the game's last accepted sheet, and
-- the last diagnostic. The staff's dashboard warns of a game whose sheets were refused three
-- times (a player who needs help with the move list). One row per game at most; an accepted
-- sheet removes it.
CREATE TABLE sheet_refusals (
    game_id INTEGER PRIMARY KEY NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    player_id INTEGER NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    refused INTEGER NOT NULL CHECK (refused > 0),
    message TEXT NOT NULL,
    refused_at TIMESTAMP NOT NULL
);
