DROP TABLE hub_fingerprints;
