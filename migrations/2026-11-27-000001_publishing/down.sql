DROP TABLE hub_links;
DROP TABLE hub_tokens;
