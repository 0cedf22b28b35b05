ALTER TABLE circuits DROP COLUMN qualified_at;
ALTER TABLE circuits DROP COLUMN qualified;
