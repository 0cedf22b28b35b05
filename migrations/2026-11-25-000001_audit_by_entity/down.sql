DROP INDEX audit_log_by_entity;
