ALTER TABLE tournaments DROP COLUMN double_elimination;
