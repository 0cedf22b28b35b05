DROP INDEX games_by_round;
DROP INDEX prohibited_pairs_by_second;
DROP INDEX prohibited_pairs_by_first;
DROP INDEX sheet_refusals_by_player;
DROP INDEX players_by_previous;
DROP INDEX sheets_by_player;
DROP TABLE hub_links;
DROP TABLE hub_tokens;
