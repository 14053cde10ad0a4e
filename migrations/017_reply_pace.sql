-- The human's pace (issue 27): replies wait for a delay drawn from the human's own.
--
-- `posts.in_reply_to_post_id`: the post a reply answers, as the network or archive named
-- it (an id; on Mastodon the URI of a status on another server). Every network's ids
-- carry their time, so the human's reply delays are known without a request. Rows stored
-- before this migration have none until they are imported or read again.
ALTER TABLE posts ADD COLUMN in_reply_to_post_id text;

-- A mention the bot will answer later is held here, `due`, with the time it is due and
-- the mention as the network served it (JSON of the core's NetworkPost: a reply needs
-- it), so that a restart neither loses nor repeats it. Taking it back to `claimed` is a
-- conditional UPDATE: of two daemons, one sends it.
ALTER TABLE replies ADD COLUMN due_at timestamptz;
ALTER TABLE replies ADD COLUMN mention jsonb;
ALTER TABLE replies DROP CONSTRAINT replies_state_check;
ALTER TABLE replies ADD CONSTRAINT replies_state_check CHECK (state IN ('claimed', 'due', 'replied', 'silent', 'skipped'));
CREATE INDEX replies_due ON replies (due_at) WHERE state = 'due';
