ALTER TABLE players DROP COLUMN federation;
ALTER TABLE players DROP COLUMN title;
ALTER TABLE players DROP COLUMN gender;
ALTER TABLE players DROP COLUMN birth_year;
DROP INDEX tournaments_by_event;
ALTER TABLE tournaments DROP COLUMN event_id;
DROP TABLE event_controllers;
DROP TABLE events;
