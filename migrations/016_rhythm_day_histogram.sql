-- The days' counts as a histogram (issue 30): how many days had each number of
-- original posts. The scheduler draws a day's number of posts from the days, and
-- drawing a day uniformly and taking its count is drawing a count with its share
-- of the days; reading `rhythm_days` a row a day sent 125,000 rows at a million
-- posts (eight a day), this table a few dozen. Days without posts between the first
-- and the last are not in `rhythm_days` nor here: the reader counts them from the
-- first and last day (two lookups of `rhythm_days`'s primary key).
--
-- Statement-level triggers on `rhythm_days` keep it in step, in the same
-- transaction: 012's triggers on `posts` change `rhythm_days`, these triggers
-- move each changed day from its old count to its new one.

CREATE TABLE rhythm_day_histogram (
    posts bigint PRIMARY KEY,  -- a number of posts a day, as in rhythm_days.posts
    days  bigint NOT NULL      -- how many rows of rhythm_days have it; rows at 0 are deleted
);

CREATE FUNCTION rhythm_days_inserted() RETURNS trigger LANGUAGE plpgsql
SET search_path FROM CURRENT AS $$
BEGIN
    INSERT INTO rhythm_day_histogram (posts, days)
    SELECT posts, count(*) FROM new_days GROUP BY posts
    ON CONFLICT (posts) DO UPDATE SET days = rhythm_day_histogram.days + EXCLUDED.days;
    RETURN NULL;
END;
$$;

CREATE FUNCTION rhythm_days_updated() RETURNS trigger LANGUAGE plpgsql
SET search_path FROM CURRENT AS $$
BEGIN
    WITH change AS (
        SELECT posts, -count(*) AS n FROM old_days GROUP BY posts
        UNION ALL
        SELECT posts, count(*) FROM new_days GROUP BY posts
    )
    INSERT INTO rhythm_day_histogram (posts, days)
    SELECT posts, sum(n) FROM change GROUP BY posts HAVING sum(n) <> 0
    ON CONFLICT (posts) DO UPDATE SET days = rhythm_day_histogram.days + EXCLUDED.days;
    DELETE FROM rhythm_day_histogram WHERE days = 0;
    RETURN NULL;
END;
$$;

CREATE FUNCTION rhythm_days_deleted() RETURNS trigger LANGUAGE plpgsql
SET search_path FROM CURRENT AS $$
BEGIN
    UPDATE rhythm_day_histogram h SET days = h.days - o.n
    FROM (SELECT posts, count(*) AS n FROM old_days GROUP BY posts) o
    WHERE h.posts = o.posts;
    DELETE FROM rhythm_day_histogram WHERE days = 0;
    RETURN NULL;
END;
$$;

CREATE FUNCTION rhythm_days_truncated() RETURNS trigger LANGUAGE plpgsql
SET search_path FROM CURRENT AS $$
BEGIN
    DELETE FROM rhythm_day_histogram;
    RETURN NULL;
END;
$$;

-- An INSERT ... ON CONFLICT DO UPDATE (how 012's triggers add counts) fires both the
-- INSERT trigger, with the rows it inserted, and the UPDATE trigger, with the rows it updated.
CREATE TRIGGER rhythm_days_histogram_inserted AFTER INSERT ON rhythm_days
    REFERENCING NEW TABLE AS new_days FOR EACH STATEMENT EXECUTE FUNCTION rhythm_days_inserted();
CREATE TRIGGER rhythm_days_histogram_updated AFTER UPDATE ON rhythm_days
    REFERENCING OLD TABLE AS old_days NEW TABLE AS new_days FOR EACH STATEMENT EXECUTE FUNCTION rhythm_days_updated();
CREATE TRIGGER rhythm_days_histogram_deleted AFTER DELETE ON rhythm_days
    REFERENCING OLD TABLE AS old_days FOR EACH STATEMENT EXECUTE FUNCTION rhythm_days_deleted();
CREATE TRIGGER rhythm_days_histogram_truncated AFTER TRUNCATE ON rhythm_days
    FOR EACH STATEMENT EXECUTE FUNCTION rhythm_days_truncated();

-- The days stored before this migration.
INSERT INTO rhythm_day_histogram (posts, days)
SELECT posts, count(*) FROM rhythm_days GROUP BY posts;
