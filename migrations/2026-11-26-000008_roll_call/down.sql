DROP TABLE check_ins;
DROP TABLE roll_calls;
ALTER TABLE tournaments DROP COLUMN check_in;
