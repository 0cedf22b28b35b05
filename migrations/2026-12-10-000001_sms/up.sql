-- Text messages (SMS) with players, through a gateway the venue runs (docs/sms.md). All of it
-- is the venue's own: a phone number is private (staff only), never in a tournament file.

-- A player's phone, given with their consent; `stopped`: the staff turned SMS off for them.
CREATE TABLE player_phones (
    player_id INTEGER PRIMARY KEY NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    number TEXT NOT NULL CHECK (length(number) BETWEEN 8 AND 15),
    consent_at TIMESTAMP NOT NULL,
    stopped BOOLEAN NOT NULL DEFAULT 0
);
CREATE INDEX player_phones_number ON player_phones (number);

-- Whether a tournament sends and takes SMS, and the most message parts it may send (SMS cost
-- money): none until the organiser turns it on.
CREATE TABLE sms_settings (
    tournament_id INTEGER PRIMARY KEY NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    enabled BOOLEAN NOT NULL,
    cap INTEGER NOT NULL CHECK (cap >= 0)
);

-- Every message in and out. Out: its facts (`said`, JSON) worded in `language` when it is sent,
-- the text as sent, its parts, its state (queued, sent, delivered, failed, capped, off) and its
-- gateway's last delivery report. In: the text as received, its state (taken, refused,
-- ignored), the gateway's id of it (a message given twice is taken once).
CREATE TABLE sms_messages (
    id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
    tournament_id INTEGER REFERENCES tournaments (id) ON DELETE CASCADE,
    player_id INTEGER REFERENCES players (id) ON DELETE SET NULL,
    number TEXT NOT NULL,
    incoming BOOLEAN NOT NULL,
    kind TEXT NOT NULL,
    said TEXT NOT NULL CHECK (said = '' OR json_valid(said)),
    language TEXT NOT NULL,
    text TEXT NOT NULL,
    parts INTEGER NOT NULL DEFAULT 0,
    state TEXT NOT NULL,
    gateway_id TEXT,
    tries INTEGER NOT NULL DEFAULT 0,
    due_at TIMESTAMP NOT NULL,
    created_at TIMESTAMP NOT NULL,
    sent_at TIMESTAMP,
    report TEXT NOT NULL DEFAULT '',
    reported_at TIMESTAMP,
    code TEXT,
    sheet_id INTEGER REFERENCES sheets (id) ON DELETE SET NULL
);
CREATE UNIQUE INDEX sms_messages_gateway ON sms_messages (gateway_id) WHERE gateway_id IS NOT NULL;
CREATE INDEX sms_messages_due ON sms_messages (state, due_at);
CREATE INDEX sms_messages_number ON sms_messages (number, created_at);
CREATE INDEX sms_messages_tournament ON sms_messages (tournament_id, id);
