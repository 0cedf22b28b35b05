-- On a hub: a copy's rows found by the copy's own id, for the venue's id of each row a push's
-- changes touch (the hub reads only that part of the copy to check them).
CREATE INDEX copy_ids_by_row ON copy_ids (tournament_id, kind, row_id);
