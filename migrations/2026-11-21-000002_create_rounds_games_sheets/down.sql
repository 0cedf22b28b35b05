DROP TABLE sheets;
DROP TABLE games;
DROP TABLE rounds;
