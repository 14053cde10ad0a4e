-- What the bot last read in people's profiles: whether each says no to bots (#nobot,
-- #nobots, #noai, #nobotsplease), and when. A profile is read at most once a day per
-- person; the bot never replies to, likes or learns from someone whose profile says no.
-- Only the verdict is kept, never the profile's text.
CREATE TABLE profile_verdicts (
    author_id text PRIMARY KEY,          -- the network's account id
    says_no   boolean NOT NULL,
    read_at   timestamptz NOT NULL
);
