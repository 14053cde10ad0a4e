-- The human's posts found gone from the network (they deleted them). Kept for good,
-- never deleted with the post: no planned post, reply, learning walk or import uses
-- one again, and `doctor`, the status page and /metrics count them.
CREATE TABLE withdrawn_posts (
    post_id      text PRIMARY KEY,      -- the network's post id, as in posts.id
    withdrawn_at timestamptz NOT NULL   -- when the bot found it gone
);

-- When each stored post was last looked up and found still there: the sweep looks
-- at the longest-unchecked first. NULL: never looked up.
ALTER TABLE posts ADD COLUMN checked_at timestamptz;
