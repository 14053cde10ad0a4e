-- Which of the human's stored posts each of the bot's replies reused (posts.id): when the
-- human deletes that post, the bot's reply is deleted too (FOLLOW_DELETIONS), as its
-- planned posts are (deleted_copies). NULL: replies sent before this migration, or whose
-- text had no stored post to look up.
ALTER TABLE replies ADD COLUMN source_post_id text;
CREATE INDEX replies_by_source ON replies (source_post_id) WHERE source_post_id IS NOT NULL AND state = 'replied';
