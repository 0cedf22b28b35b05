-- A game the controller adjudicated when the round's time ran out says so: the end kind
-- 'adjudication' (before, such a game was stored as ended by agreement, its reason telling the
-- adjudication). Only the games' CHECK admits it: a player's sheet never declares it. Widening an
-- IN list only admits more rows, so the table's text is changed in place (as the matches
-- migration did) and the schema read again.
PRAGMA writable_schema = ON;
UPDATE sqlite_schema
SET sql = replace(sql, 'end_kind TEXT CHECK (end_kind IN (''natural'', ''agreement'', ''resignation'', ''time''))',
                  'end_kind TEXT CHECK (end_kind IN (''natural'', ''agreement'', ''resignation'', ''time'', ''adjudication''))')
WHERE type = 'table' AND name = 'games';
PRAGMA writable_schema = RESET;

UPDATE games SET end_kind = 'adjudication'
WHERE end_kind = 'agreement' AND reason LIKE 'adjudicated when the round''s time ran out:%';
