ALTER TABLE audit_log DROP COLUMN sender;
ALTER TABLE hub_links DROP COLUMN again;
ALTER TABLE hub_links DROP COLUMN disagreed;
ALTER TABLE hub_tokens DROP COLUMN disagreed_at;
ALTER TABLE hub_tokens DROP COLUMN disagreed_version;
ALTER TABLE hub_tokens DROP COLUMN digest;
ALTER TABLE hub_tokens DROP COLUMN tournament_uid;
DROP TRIGGER tournament_identity;
DROP TABLE tournament_identities;
UPDATE tournaments SET tie_policy = 'mso' WHERE tie_policy = 'mso-spread';
PRAGMA writable_schema = ON;
UPDATE sqlite_schema
SET sql = replace(sql, 'tie_policy TEXT NOT NULL DEFAULT ''fide'' CHECK (tie_policy IN (''fide'', ''mso'', ''mso-spread''))',
                  'tie_policy TEXT NOT NULL DEFAULT ''fide'' CHECK (tie_policy IN (''fide'', ''mso''))')
WHERE type = 'table' AND name = 'tournaments';
PRAGMA writable_schema = RESET;
