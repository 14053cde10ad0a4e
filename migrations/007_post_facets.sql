-- Bluesky: each of the human's posts keeps its record's facets (links, mentions,
-- tags as byte ranges into the text), so a repost carries the text byte for byte
-- with the same facets instead of facets guessed again from the shown text
-- (the app shows a long link shortened; only its facet holds the full address).
-- NULL for posts without facets and on the other networks.
ALTER TABLE posts ADD COLUMN facets jsonb;

-- The Bluesky network finds the facets of a text it is about to send.
CREATE INDEX posts_with_facets_by_text ON posts (md5(text)) WHERE facets IS NOT NULL;
