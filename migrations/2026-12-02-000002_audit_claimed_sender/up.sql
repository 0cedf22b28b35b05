-- An entry a tournament file or a push carries is the sender's: `sender` names who sent it here
-- (the token that pushed it, the import that read the file), never what the entry says of
-- itself; what it says (the copy it claims to have come through) is kept apart as written.
ALTER TABLE audit_log ADD COLUMN claimed_sender TEXT;
