ALTER TABLE hub_links DROP COLUMN pushed_log;
DROP TABLE venue_log;
