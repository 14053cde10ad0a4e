-- The deletion sweep takes the posts checked longest ago along this index, a few rows a
-- learning round, instead of reading and sorting every stored post (the posts never checked
-- it takes along the primary key). Only checked posts are in it: an import writes none.
CREATE INDEX posts_by_checked_at ON posts (checked_at, id) WHERE checked_at IS NOT NULL;
