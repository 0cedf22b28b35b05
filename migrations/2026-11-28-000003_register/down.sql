DROP TABLE rated_tournaments;
DROP TABLE register_links;
ALTER TABLE players DROP COLUMN register_id;
DROP INDEX persons_by_licence;
DROP INDEX persons_by_key;
DROP TABLE persons;
