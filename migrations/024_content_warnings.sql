-- Content warnings and sensitivity carried (issue 40).
--
-- content_warning: the warning the human put the post behind, as written (Mastodon's
-- `spoiler_text` or an export's `summary`, Misskey's `cw`); NULL when the post has no words
-- of warning (it may still be labelled sensitive below).
--
-- sensitivity: labels saying what kind of sensitive content the post is, one column for
-- every network rather than a boolean beside a list: Bluesky's self-label values
-- (`graphic-media`, `nudity`, `sexual`, `porn`) as the record names them, and `sensitive`
-- for Mastodon's flag, which names no kind. Empty for most posts.
--
-- A warned post is reposted only where the warning can go with it: the picker leaves it out
-- on a network that cannot carry it (X, which has no warning for text).
ALTER TABLE posts ADD COLUMN content_warning text;
ALTER TABLE posts ADD COLUMN sensitivity text[] NOT NULL DEFAULT '{}'
    CHECK (sensitivity <@ ARRAY['sensitive', 'graphic-media', 'nudity', 'sexual', 'porn']::text[]);

-- The bot's network finds the warning of a text it is about to send (few rows: warned ones only).
CREATE INDEX posts_warned_by_text ON posts (md5(text)) WHERE content_warning IS NOT NULL OR sensitivity <> '{}';
