-- The posts a paid API (X) billed a read of, by UTC day. X charges a post once per UTC day
-- however often it is read ("daily deduplication"), so a post read again that day costs
-- nothing more: the spend meter pays a post only when its row for the day is new, which a
-- restart and a second daemon on the same accounts see too. Days before today are dropped.
CREATE TABLE api_paid_reads (
    day date NOT NULL,
    post_id text NOT NULL,
    PRIMARY KEY (day, post_id)
);
