-- The register's version: moved on by every change of a person (added, merged, split,
-- imported), so that the register's search index is rebuilt when, and only when, the register
-- changed (any other write leaves it as it is).
CREATE TABLE register_version (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    version INTEGER NOT NULL
);
INSERT INTO register_version (id, version) VALUES (1, 0);
CREATE TRIGGER register_version_insert AFTER INSERT ON persons
BEGIN
    UPDATE register_version SET version = version + 1 WHERE id = 1;
END;
CREATE TRIGGER register_version_update AFTER UPDATE ON persons
BEGIN
    UPDATE register_version SET version = version + 1 WHERE id = 1;
END;
CREATE TRIGGER register_version_delete AFTER DELETE ON persons
BEGIN
    UPDATE register_version SET version = version + 1 WHERE id = 1;
END;
