DROP INDEX copy_ids_by_row;
