ALTER TABLE tournaments DROP COLUMN lots_seed;
ALTER TABLE tournaments DROP COLUMN tie_policy;
