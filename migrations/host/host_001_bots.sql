-- The bots a `mirror-bot host` runs (issue 42), in the host's schema (DATABASE_SCHEMA of the
-- hosts, `public` by default). Each bot's own posts, plans, claims and cursors live in its
-- own schema (`bot_<name>`), migrated by the ordinary migrations; its classifier counts
-- under its own Redis prefix (`mirror-bot:<name>:`).
--
-- settings: every variable of the bot (accounts, network, time zone, settings), sealed
-- with AES-256-GCM under HOST_SECRET_KEY, the bot's name as associated data (a row's
-- sealed settings cannot be opened as another bot's), base64: nonce, ciphertext, tag.
-- key_id: the first 16 hex digits of the key's SHA-256, so a host with another key says
-- so instead of failing to open them.
--
-- A lease: the host that runs the bot (leased_by) until lease_until, renewed every few
-- seconds, taken over by another host once it has passed. lease_epoch counts the hand-overs.
CREATE TABLE bots (
    name text PRIMARY KEY CHECK (name ~ '^[a-z][a-z0-9_]{0,39}$'),
    network text NOT NULL CHECK (network IN ('x', 'mastodon', 'bluesky', 'misskey')),
    time_zone text NOT NULL,
    state text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'paused')),
    settings text NOT NULL,
    key_id text NOT NULL,
    added_at timestamptz NOT NULL DEFAULT now(),
    leased_by text,
    lease_until timestamptz,
    lease_epoch bigint NOT NULL DEFAULT 0
);

-- The hosts alive: each one's last round. A host's fair share of the active bots is
-- counted over the hosts seen within a lease.
CREATE TABLE hosts (
    name text PRIMARY KEY,
    seen_at timestamptz NOT NULL,
    started_at timestamptz NOT NULL DEFAULT now()
);
