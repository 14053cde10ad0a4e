-- Storing posts at any size (issue 43).
--
-- The original posts (not replies) in time order, for the insert trigger of migration
-- 012. Its two lookups per new original, the original just before it and just after
-- it, filter on `in_reply_to_user_id IS NULL` and sort by `created_at`; no index served
-- both. The trigger's plan is made once per session, while an import's transaction has
-- stored a few hundred rows and the table's statistics know none of them, and
-- PostgreSQL chose a bitmap scan of `posts_originals_by_minute` and a sort: every
-- original read for each new one, an import quadratic in the posts stored (10,000
-- posts 21.5 s, 200,000 not finished in 20 minutes). With this index each lookup is
-- one step of an ordered scan, whatever the statistics say; the full recount of the
-- closest pair (rhythm_recompute_closest_pair) reads it in order too.
CREATE INDEX posts_originals_by_time ON posts (created_at) WHERE in_reply_to_user_id IS NULL;

-- How many posts are stored, kept in step with `posts` by statement-level triggers in the
-- same transaction (one row). The trim to POST_LIMIT after each store reads it and deletes
-- only the oldest posts over the limit, instead of sorting every stored post at each
-- store (1.5 s at a million posts, for each page the learning loop stores). A writer
-- holds the row's lock from its first insert to its commit: two writers take turns.
CREATE TABLE post_count (
    one   boolean PRIMARY KEY DEFAULT true CHECK (one),
    posts bigint NOT NULL
);

CREATE FUNCTION post_count_inserted() RETURNS trigger LANGUAGE plpgsql
SET search_path FROM CURRENT AS $$
BEGIN
    UPDATE post_count SET posts = posts + (SELECT count(*) FROM added);
    RETURN NULL;
END;
$$;

CREATE FUNCTION post_count_deleted() RETURNS trigger LANGUAGE plpgsql
SET search_path FROM CURRENT AS $$
BEGIN
    UPDATE post_count SET posts = posts - (SELECT count(*) FROM removed);
    RETURN NULL;
END;
$$;

CREATE FUNCTION post_count_truncated() RETURNS trigger LANGUAGE plpgsql
SET search_path FROM CURRENT AS $$
BEGIN
    UPDATE post_count SET posts = 0;
    RETURN NULL;
END;
$$;

CREATE TRIGGER posts_count_inserted AFTER INSERT ON posts
    REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION post_count_inserted();
CREATE TRIGGER posts_count_deleted AFTER DELETE ON posts
    REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION post_count_deleted();
CREATE TRIGGER posts_count_truncated AFTER TRUNCATE ON posts
    FOR EACH STATEMENT EXECUTE FUNCTION post_count_truncated();

INSERT INTO post_count (posts) SELECT count(*) FROM posts;
