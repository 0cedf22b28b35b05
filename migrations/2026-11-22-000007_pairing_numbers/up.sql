-- Pairing numbers a controller fixed before round 1 (FIDE C.04.2); players without one follow,
-- by rating and then name.
ALTER TABLE players ADD COLUMN pairing_number INTEGER;
