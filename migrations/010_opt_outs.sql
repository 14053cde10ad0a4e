-- The do-not-interact list: people who asked the bot to stop (a mention saying
-- "stop", "unsubscribe", "やめて", ...) or whom an operator added (`mirror-bot optout
-- add`). The bot never replies to nor likes anyone here, until an operator removes them.
CREATE TABLE opt_outs (
    author_id    text,                -- the network's account id (NULL when added by username only)
    username     text,                -- the account's username, without '@'
    reason       text NOT NULL,
    opted_out_at timestamptz NOT NULL DEFAULT now(),
    CHECK (author_id IS NOT NULL OR username IS NOT NULL)
);
CREATE UNIQUE INDEX opt_outs_by_id ON opt_outs (author_id) WHERE author_id IS NOT NULL;
CREATE UNIQUE INDEX opt_outs_by_username ON opt_outs (lower(username)) WHERE author_id IS NULL;
