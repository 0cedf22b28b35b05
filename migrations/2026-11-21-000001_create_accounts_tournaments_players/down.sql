DROP TABLE audit_log;
DROP TABLE players;
DROP TABLE tournament_controllers;
DROP TABLE tournaments;
DROP TABLE settings;
DROP TABLE accounts;
