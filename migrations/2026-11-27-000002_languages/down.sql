DROP TABLE tournament_languages;
