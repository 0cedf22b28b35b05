ALTER TABLE tournaments DROP COLUMN teams;
