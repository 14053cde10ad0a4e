-- The deletion sweep takes the posts checked longest ago (never checked first) along this
-- index, a few rows a learning round, instead of reading and sorting every stored post.
CREATE INDEX posts_by_checked_at ON posts (checked_at NULLS FIRST, id);
