DROP TABLE round_times;
DROP TABLE schedules;
