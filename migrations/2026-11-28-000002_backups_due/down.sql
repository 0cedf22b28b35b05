DROP TABLE backups_due;
