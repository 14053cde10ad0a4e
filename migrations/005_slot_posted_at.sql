-- When each planned post went out (the daemon's clock), so the next post keeps
-- its distance from it: never closer than the human's closest pair, nor a minute.
ALTER TABLE plan_slots ADD COLUMN posted_at timestamptz;
