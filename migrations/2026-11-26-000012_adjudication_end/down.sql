UPDATE games SET end_kind = 'agreement' WHERE end_kind = 'adjudication';
PRAGMA writable_schema = ON;
UPDATE sqlite_schema
SET sql = replace(sql, 'end_kind TEXT CHECK (end_kind IN (''natural'', ''agreement'', ''resignation'', ''time'', ''adjudication''))',
                  'end_kind TEXT CHECK (end_kind IN (''natural'', ''agreement'', ''resignation'', ''time''))')
WHERE type = 'table' AND name = 'games';
PRAGMA writable_schema = RESET;
