CREATE INDEX audit_log_by_entity ON audit_log (entity, entity_id, id);
