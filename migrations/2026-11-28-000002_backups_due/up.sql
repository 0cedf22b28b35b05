-- Backups a change made due (a round published, an event's last result in), written by the
-- change's own transaction and taken by the backup task after its commit: a backup due is not
-- lost to a stop between the two (the task takes it at the next start).
CREATE TABLE backups_due (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    reason TEXT NOT NULL,
    at TIMESTAMP NOT NULL
);
