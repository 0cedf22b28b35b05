-- How players level on points are ordered: FIDE's tie-breaks in the tournament's order ('fide')
-- or the Mind Sports Olympiad's rule ('mso'); players still level share their place, unless
-- lots are drawn from a seed the standings print (lots_seed).
ALTER TABLE tournaments ADD COLUMN tie_policy TEXT NOT NULL DEFAULT 'fide' CHECK (tie_policy IN ('fide', 'mso'));
ALTER TABLE tournaments ADD COLUMN lots_seed BIGINT;
