DROP TABLE sheet_refusals;
