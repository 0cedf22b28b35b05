-- On a hub: which row of a copy each record of its venue's file is (the venue's id, by kind:
-- player, round, game, sheet), written with every push, so that a hub started again takes the
-- venue's next changes without the whole file.
CREATE TABLE copy_ids (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    source BIGINT NOT NULL,
    row_id INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, kind, source)
) WITHOUT ROWID;
