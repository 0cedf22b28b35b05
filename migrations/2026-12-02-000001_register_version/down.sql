DROP TRIGGER register_version_delete;
DROP TRIGGER register_version_update;
DROP TRIGGER register_version_insert;
DROP TABLE register_version;
