-- When the pairings of a published round were last corrected (a late arrival, a board re-paired).
ALTER TABLE rounds ADD COLUMN corrected_at TIMESTAMP;
