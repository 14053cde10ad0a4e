-- A mention whose answer was interrupted is answered after all (issue 42): its daemon or host
-- died between claiming it and recording the reply, or PostgreSQL went away after the reply
-- went out. A claim now keeps the mention as the network served it (`mention`, as a held one
-- does) and when it was claimed, on the bot's clock (`claimed_at`). A claim older than 40
-- minutes is interrupted: the bot looks for its reply among its own latest posts, records the
-- one it finds, and holds the mention again, due at once, when none is there. Claims made
-- before this migration have neither and stay as they are.
ALTER TABLE replies ADD COLUMN claimed_at timestamptz;
CREATE INDEX replies_claimed ON replies (claimed_at) WHERE state = 'claimed';
