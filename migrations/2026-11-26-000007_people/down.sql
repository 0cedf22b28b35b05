DROP INDEX players_by_person;
ALTER TABLE players DROP COLUMN person;
