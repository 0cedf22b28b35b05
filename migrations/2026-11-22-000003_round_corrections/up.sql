-- When the pairings of a published round were last corrected (a late arrival, a board re-paired).
ALTER TABLE rounds ADD COLUMN corrected_at TIMESTAMP;

-- Usernames are one whatever their case: `Admin` is `admin`.
CREATE UNIQUE INDEX accounts_username_nocase ON accounts (username COLLATE NOCASE);
