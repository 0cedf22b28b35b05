ALTER TABLE tournaments DROP COLUMN prizes;
