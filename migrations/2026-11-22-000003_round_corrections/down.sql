DROP INDEX accounts_username_nocase;
ALTER TABLE rounds DROP COLUMN corrected_at;
