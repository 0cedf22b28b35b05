DROP TABLE held_circuits;
