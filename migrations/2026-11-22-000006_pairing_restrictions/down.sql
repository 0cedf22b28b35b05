DROP TABLE prohibited_pairs;
ALTER TABLE tournaments DROP COLUMN club_rounds;
