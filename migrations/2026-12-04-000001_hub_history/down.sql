DROP TABLE hub_sends;
ALTER TABLE hub_links DROP COLUMN pushed_digest;
