-- What the bots of one X app share (issue 42): X bills the app's account and caps some requests
-- per app, so a host counts the spend of all the app's bots together, whatever host runs them.
--
-- bots.x_app: the app of an X bot, the hex SHA-256 of its BOT_CONSUMER_KEY (never the key);
-- bots.x_daily_budget_usd: its X_DAILY_BUDGET_USD (NULL: none). A host sets both each time it
-- starts the bot. The app's budget is the smallest of its registered bots'.
ALTER TABLE bots ADD COLUMN x_app text, ADD COLUMN x_daily_budget_usd double precision;
CREATE INDEX bots_x_app ON bots (x_app) WHERE x_app IS NOT NULL;

-- The estimated spend of each app a UTC day, all its bots together: reads added as they are
-- answered, each post claimed before it is sent only while the sum stays within the app's
-- budget (INSERT ... ON CONFLICT DO UPDATE ... WHERE, one row lock).
CREATE TABLE x_app_spend (
    app text NOT NULL,
    day date NOT NULL,
    dollars double precision NOT NULL DEFAULT 0,
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (app, day)
);
