-- The scheduler's view of the human's rhythm, kept up to date as posts arrive and
-- leave (issue 30): reading it no longer scans every post. Before, a plan's three
-- aggregate queries (posts per minute of the day, posts per day, the closest two
-- posts) read all original posts each time: about 0.2 s at 200,000 posts and
-- seconds at a million, the closest pair a sort of them all.
--
-- Statement-level triggers with transition tables keep three tables in step with
-- `posts` in the same transaction as the change: an import's INSERT of 500 rows
-- updates them once, from its 500 rows.

-- Original posts (not replies) per minute of the day; minutes without posts have no row.
CREATE TABLE rhythm_minutes (
    minute_of_day smallint PRIMARY KEY CHECK (minute_of_day BETWEEN 0 AND 1439),
    posts         bigint NOT NULL
);

-- Original posts per local day (TIME_ZONE); days without posts have no row.
CREATE TABLE rhythm_days (
    local_date date PRIMARY KEY,
    posts      bigint NOT NULL
);

-- The two consecutive original posts closest in time (one row). Inserting posts can
-- only bring a closer pair, found from the new posts' neighbours through the index;
-- deleting a post that is not one of the pair leaves the pair closest (the gap around
-- the deleted post is the sum of two gaps, each at least the pair's); deleting one of
-- the pair, or changing a post's time or whether it is a reply, recomputes it from
-- all posts.
CREATE TABLE rhythm_closest_pair (
    one        boolean PRIMARY KEY DEFAULT true CHECK (one),
    gap        float8,  -- seconds; NULL with fewer than two original posts
    earlier_id text,
    later_id   text
);

CREATE FUNCTION rhythm_recompute_closest_pair() RETURNS void LANGUAGE sql
SET search_path FROM CURRENT AS $$
    UPDATE rhythm_closest_pair SET (gap, earlier_id, later_id) = (
        SELECT gap, earlier_id, later_id FROM (
            SELECT extract(epoch FROM created_at - lag(created_at) OVER w)::float8 AS gap,
                   lag(id) OVER w AS earlier_id, id AS later_id
            FROM posts WHERE in_reply_to_user_id IS NULL
            WINDOW w AS (ORDER BY created_at)
        ) gaps
        WHERE gap IS NOT NULL ORDER BY gap LIMIT 1
    );
$$;

CREATE FUNCTION rhythm_posts_inserted() RETURNS trigger LANGUAGE plpgsql
SET search_path FROM CURRENT AS $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM added WHERE in_reply_to_user_id IS NULL) THEN
        RETURN NULL;
    END IF;
    -- One writer at a time past this point: each statement below then sees the
    -- posts of every writer that committed before (a new snapshot per statement).
    PERFORM pg_advisory_xact_lock(hashtext('mirror-bot rhythm'), hashtext(current_schema()));
    INSERT INTO rhythm_minutes (minute_of_day, posts)
    SELECT minute_of_day, count(*) FROM added WHERE in_reply_to_user_id IS NULL GROUP BY minute_of_day
    ON CONFLICT (minute_of_day) DO UPDATE SET posts = rhythm_minutes.posts + EXCLUDED.posts;
    INSERT INTO rhythm_days (local_date, posts)
    SELECT local_date, count(*) FROM added WHERE in_reply_to_user_id IS NULL GROUP BY local_date
    ON CONFLICT (local_date) DO UPDATE SET posts = rhythm_days.posts + EXCLUDED.posts;
    -- Each new post with the original just before it and just after it (ties: gap 0),
    -- each found through the index `posts_created_at`.
    WITH candidates AS (
        SELECT before.id AS earlier_id, a.id AS later_id,
               extract(epoch FROM a.created_at - before.created_at)::float8 AS gap
        FROM added a CROSS JOIN LATERAL (
            SELECT p.id, p.created_at FROM posts p
            WHERE p.in_reply_to_user_id IS NULL AND p.created_at <= a.created_at AND p.id <> a.id
            ORDER BY p.created_at DESC LIMIT 1
        ) before
        WHERE a.in_reply_to_user_id IS NULL
        UNION ALL
        SELECT a.id, after.id, extract(epoch FROM after.created_at - a.created_at)::float8
        FROM added a CROSS JOIN LATERAL (
            SELECT p.id, p.created_at FROM posts p
            WHERE p.in_reply_to_user_id IS NULL AND p.created_at >= a.created_at AND p.id <> a.id
            ORDER BY p.created_at LIMIT 1
        ) after
        WHERE a.in_reply_to_user_id IS NULL
    ), best AS (
        SELECT * FROM candidates ORDER BY gap LIMIT 1
    )
    UPDATE rhythm_closest_pair pair SET gap = best.gap, earlier_id = best.earlier_id, later_id = best.later_id
    FROM best WHERE pair.gap IS NULL OR best.gap <= pair.gap;
    RETURN NULL;
END;
$$;

CREATE FUNCTION rhythm_posts_deleted() RETURNS trigger LANGUAGE plpgsql
SET search_path FROM CURRENT AS $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM removed WHERE in_reply_to_user_id IS NULL) THEN
        RETURN NULL;
    END IF;
    PERFORM pg_advisory_xact_lock(hashtext('mirror-bot rhythm'), hashtext(current_schema()));
    UPDATE rhythm_minutes m SET posts = m.posts - r.n
    FROM (SELECT minute_of_day, count(*) AS n FROM removed WHERE in_reply_to_user_id IS NULL GROUP BY minute_of_day) r
    WHERE m.minute_of_day = r.minute_of_day;
    DELETE FROM rhythm_minutes m USING (SELECT DISTINCT minute_of_day FROM removed) r
    WHERE m.minute_of_day = r.minute_of_day AND m.posts <= 0;
    UPDATE rhythm_days d SET posts = d.posts - r.n
    FROM (SELECT local_date, count(*) AS n FROM removed WHERE in_reply_to_user_id IS NULL GROUP BY local_date) r
    WHERE d.local_date = r.local_date;
    DELETE FROM rhythm_days d USING (SELECT DISTINCT local_date FROM removed) r
    WHERE d.local_date = r.local_date AND d.posts <= 0;
    IF EXISTS (
        SELECT 1 FROM removed r, rhythm_closest_pair pair WHERE r.id IN (pair.earlier_id, pair.later_id)
    ) THEN
        PERFORM rhythm_recompute_closest_pair();
    END IF;
    RETURN NULL;
END;
$$;

CREATE FUNCTION rhythm_posts_updated() RETURNS trigger LANGUAGE plpgsql
SET search_path FROM CURRENT AS $$
BEGIN
    -- Most updates (a Bluesky post's facets) touch none of the rhythm's columns.
    IF NOT EXISTS (
        (SELECT id, created_at, minute_of_day, local_date, in_reply_to_user_id IS NULL FROM before_update
         EXCEPT SELECT id, created_at, minute_of_day, local_date, in_reply_to_user_id IS NULL FROM after_update)
        UNION ALL
        (SELECT id, created_at, minute_of_day, local_date, in_reply_to_user_id IS NULL FROM after_update
         EXCEPT SELECT id, created_at, minute_of_day, local_date, in_reply_to_user_id IS NULL FROM before_update)
    ) THEN
        RETURN NULL;
    END IF;
    PERFORM pg_advisory_xact_lock(hashtext('mirror-bot rhythm'), hashtext(current_schema()));
    -- Counts: the rows as they were taken away, the rows as they are added.
    WITH change AS (
        SELECT minute_of_day, -count(*) AS n FROM before_update WHERE in_reply_to_user_id IS NULL GROUP BY minute_of_day
        UNION ALL
        SELECT minute_of_day, count(*) FROM after_update WHERE in_reply_to_user_id IS NULL GROUP BY minute_of_day
    )
    INSERT INTO rhythm_minutes (minute_of_day, posts)
    SELECT minute_of_day, sum(n) FROM change GROUP BY minute_of_day HAVING sum(n) <> 0
    ON CONFLICT (minute_of_day) DO UPDATE SET posts = rhythm_minutes.posts + EXCLUDED.posts;
    WITH change AS (
        SELECT local_date, -count(*) AS n FROM before_update WHERE in_reply_to_user_id IS NULL GROUP BY local_date
        UNION ALL
        SELECT local_date, count(*) FROM after_update WHERE in_reply_to_user_id IS NULL GROUP BY local_date
    )
    INSERT INTO rhythm_days (local_date, posts)
    SELECT local_date, sum(n) FROM change GROUP BY local_date HAVING sum(n) <> 0
    ON CONFLICT (local_date) DO UPDATE SET posts = rhythm_days.posts + EXCLUDED.posts;
    DELETE FROM rhythm_minutes WHERE posts <= 0;
    DELETE FROM rhythm_days WHERE posts <= 0;
    IF EXISTS (
        (SELECT id, created_at, in_reply_to_user_id IS NULL FROM before_update
         EXCEPT SELECT id, created_at, in_reply_to_user_id IS NULL FROM after_update)
        UNION ALL
        (SELECT id, created_at, in_reply_to_user_id IS NULL FROM after_update
         EXCEPT SELECT id, created_at, in_reply_to_user_id IS NULL FROM before_update)
    ) THEN
        PERFORM rhythm_recompute_closest_pair();
    END IF;
    RETURN NULL;
END;
$$;

CREATE FUNCTION rhythm_posts_truncated() RETURNS trigger LANGUAGE plpgsql
SET search_path FROM CURRENT AS $$
BEGIN
    DELETE FROM rhythm_minutes;
    DELETE FROM rhythm_days;
    UPDATE rhythm_closest_pair SET gap = NULL, earlier_id = NULL, later_id = NULL;
    RETURN NULL;
END;
$$;

CREATE TRIGGER posts_rhythm_inserted AFTER INSERT ON posts
    REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION rhythm_posts_inserted();
CREATE TRIGGER posts_rhythm_deleted AFTER DELETE ON posts
    REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION rhythm_posts_deleted();
CREATE TRIGGER posts_rhythm_updated AFTER UPDATE ON posts
    REFERENCING OLD TABLE AS before_update NEW TABLE AS after_update FOR EACH STATEMENT EXECUTE FUNCTION rhythm_posts_updated();
CREATE TRIGGER posts_rhythm_truncated AFTER TRUNCATE ON posts
    FOR EACH STATEMENT EXECUTE FUNCTION rhythm_posts_truncated();

-- The posts stored before this migration.
INSERT INTO rhythm_minutes (minute_of_day, posts)
SELECT minute_of_day, count(*) FROM posts WHERE in_reply_to_user_id IS NULL GROUP BY minute_of_day;
INSERT INTO rhythm_days (local_date, posts)
SELECT local_date, count(*) FROM posts WHERE in_reply_to_user_id IS NULL GROUP BY local_date;
INSERT INTO rhythm_closest_pair (one) VALUES (true);
SELECT rhythm_recompute_closest_pair();
