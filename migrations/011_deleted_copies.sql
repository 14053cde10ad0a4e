-- The bot's posts it deleted because the human deleted the post they copied
-- (FOLLOW_DELETIONS): each copy once, kept for `doctor`, the status page and /metrics.
CREATE TABLE deleted_copies (
    copy_id        text PRIMARY KEY,      -- the bot's post (plan_slots.posted_id)
    source_post_id text NOT NULL,         -- the human's post it copied, now withdrawn
    deleted_at     timestamptz NOT NULL
);
