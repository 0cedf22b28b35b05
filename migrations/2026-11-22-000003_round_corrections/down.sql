ALTER TABLE rounds DROP COLUMN corrected_at;
