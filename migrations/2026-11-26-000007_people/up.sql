-- One person across an event's sections: the players entered from another section share the
-- id of the person's first entry (their details and PIN follow one another).
ALTER TABLE players ADD COLUMN person INTEGER;
CREATE INDEX players_by_person ON players (person);
