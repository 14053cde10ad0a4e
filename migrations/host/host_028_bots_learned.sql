-- When a bot first learned its human on a host (issue 42): its first learning round done, its
-- history stored and its classifier trained. NULL until then. A host starts a bot that has
-- learned at once, since its start is a few reads; one that has not waits for a place among
-- the few starting (HOST_STARTING_BOTS), as its first round reads the human's whole history.
ALTER TABLE bots ADD COLUMN learned_at timestamptz;
