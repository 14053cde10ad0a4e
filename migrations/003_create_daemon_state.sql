-- The daemon's memory: where each stream was read up to, and every reply and
-- like it decided, unique per target, so that nothing is answered or liked
-- twice, across restarts and with two daemons on one database.
CREATE TABLE cursors (
    stream     text PRIMARY KEY,        -- e.g. 'bot_mentions', 'bot_home', 'human_posts', 'human_home'
    last_id    text NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE replies (
    mention_id      text PRIMARY KEY,   -- the post that mentioned the bot
    author_id       text NOT NULL,
    author_username text,
    state           text NOT NULL CHECK (state IN ('claimed', 'replied', 'silent', 'skipped')),
    reason          text,
    reply_id        text,               -- the bot's reply
    text            text,
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX replies_by_author ON replies (author_id, updated_at) WHERE state = 'replied';

CREATE TABLE likes (
    post_id         text PRIMARY KEY,
    author_id       text NOT NULL,
    author_username text,
    ratio           double precision NOT NULL,
    state           text NOT NULL CHECK (state IN ('claimed', 'liked', 'would_like')),
    reason          text,
    local_date      date NOT NULL,      -- the day in TIME_ZONE, for LIKE_LIMIT_PER_DAY
    created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX likes_by_day ON likes (local_date) WHERE state = 'liked';

-- Posts the classifier learned from, so that no post is learned twice.
CREATE TABLE trained_posts (
    post_id    text NOT NULL,
    category   text NOT NULL CHECK (category IN ('favorite', 'normal')),
    trained_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (post_id, category)
);

-- One-time jobs that ran ('train scheduler', 'train classifier').
CREATE TABLE jobs (
    name        text PRIMARY KEY,
    finished_at timestamptz NOT NULL DEFAULT now(),
    summary     text
);
