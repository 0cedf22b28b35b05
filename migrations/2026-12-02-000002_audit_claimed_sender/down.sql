ALTER TABLE audit_log DROP COLUMN claimed_sender;
