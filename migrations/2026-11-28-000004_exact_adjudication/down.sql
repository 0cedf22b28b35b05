ALTER TABLE tournaments DROP COLUMN adjudication;
