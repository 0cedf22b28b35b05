-- A tournament's prizes and how they are given (JSON: src/tournament/prizes.rs, PrizeList).
ALTER TABLE tournaments ADD COLUMN prizes TEXT NOT NULL DEFAULT '{}';
