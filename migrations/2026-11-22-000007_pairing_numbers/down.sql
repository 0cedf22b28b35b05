ALTER TABLE players DROP COLUMN pairing_number;
