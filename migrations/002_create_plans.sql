-- The day's posting plan: one row a day (date in TIME_ZONE), one row a slot.
-- A restart reuses the stored plan; a slot moves planned -> posting -> posted
-- (or skipped, with a reason) exactly once, claimed by one daemon.
CREATE TABLE plans (
    local_date date PRIMARY KEY,
    time_zone  text NOT NULL,
    drawn_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE plan_slots (
    local_date     date NOT NULL REFERENCES plans (local_date) ON DELETE CASCADE,
    minute_of_day  smallint NOT NULL CHECK (minute_of_day BETWEEN 0 AND 1439),
    state          text NOT NULL DEFAULT 'planned' CHECK (state IN ('planned', 'posting', 'posted', 'skipped')),
    reason         text,              -- why a slot was skipped
    source_post_id text,              -- the stored post whose text was used
    posted_id      text,              -- the network id of the bot's post
    text           text,
    claimed_by     text,
    claimed_at     timestamptz,
    updated_at     timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (local_date, minute_of_day)
);

-- Every text the bot posted, so the picker prefers texts it never posted and
-- never repeats one within 24 hours; `refused_at` marks a text the network
-- refused as duplicate content, never to be picked again.
CREATE TABLE bot_texts (
    text_hash      text PRIMARY KEY,   -- md5 of the text
    text           text NOT NULL,
    last_posted_at timestamptz,
    times_posted   integer NOT NULL DEFAULT 0,
    refused_at     timestamptz
);

-- Posts looked up by the hash of their text (the picker's join with bot_texts).
CREATE INDEX posts_text_hash ON posts (md5(text));
