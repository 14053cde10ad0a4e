-- Bluesky (NETWORK=bluesky) limits logins to 30 per 5 minutes and 300 a day
-- per account, so each account's session is kept here, refreshed in place, and
-- shared by every command and daemon of this bot. The tokens are secrets: they
-- are never logged, and nothing but the Bluesky client reads them.
CREATE TABLE bluesky_sessions (
    account     text PRIMARY KEY,      -- the service host and the identifier: 'bsky.social alice.bsky.social'
    did         text NOT NULL,
    handle      text NOT NULL,
    access_jwt  text NOT NULL,
    refresh_jwt text NOT NULL,
    updated_at  timestamptz NOT NULL DEFAULT now()
);

-- Every login attempt (createSession), so that no process of this bot passes the
-- limits; attempts older than a day no longer count and are deleted.
CREATE TABLE bluesky_logins (
    account      text NOT NULL,
    attempted_at timestamptz NOT NULL
);
CREATE INDEX bluesky_logins_by_account ON bluesky_logins (account, attempted_at);
