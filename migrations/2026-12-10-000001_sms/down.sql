DROP TABLE sms_messages;
DROP TABLE sms_settings;
DROP TABLE player_phones;
