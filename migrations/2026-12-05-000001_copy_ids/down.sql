DROP TABLE copy_ids;
