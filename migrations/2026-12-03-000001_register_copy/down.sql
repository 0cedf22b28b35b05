DROP TABLE register_copy;
