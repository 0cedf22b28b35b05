-- The qualification list as last seen (its persons by seed, JSON), and when it was: a change
-- of it that no edit of the circuit made (a ruling, a correction, a venue's late push, a merge
-- in the register) is written in the audit log and said on the circuit's page.
ALTER TABLE circuits ADD COLUMN qualified TEXT CHECK (qualified IS NULL OR json_valid(qualified));
ALTER TABLE circuits ADD COLUMN qualified_at TIMESTAMP;
