-- The human's own posts: what the scheduler reposts and the reply picker answers with.
CREATE TABLE posts (
    id                      text PRIMARY KEY,          -- the network's post id
    text                    text NOT NULL,
    created_at              timestamptz NOT NULL,
    minute_of_day           smallint NOT NULL CHECK (minute_of_day BETWEEN 0 AND 1439),  -- in TIME_ZONE
    local_date              date NOT NULL,             -- the day it was posted, in TIME_ZONE
    in_reply_to_user_id     text,                      -- set for replies
    in_reply_to_screen_name text,
    has_mention             boolean NOT NULL DEFAULT false,  -- text contains an @name
    stored_at               timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX posts_created_at ON posts (created_at);
-- The post picker: originals (not replies) near a minute of the day.
CREATE INDEX posts_originals_by_minute ON posts (minute_of_day) WHERE in_reply_to_user_id IS NULL;
-- The reply picker: the human's replies to one person.
CREATE INDEX posts_replies_by_user ON posts (in_reply_to_user_id) WHERE in_reply_to_user_id IS NOT NULL;

-- Settings the stored data depends on (e.g. the time zone minute_of_day was computed in).
CREATE TABLE settings (
    name  text PRIMARY KEY,
    value text NOT NULL
);
