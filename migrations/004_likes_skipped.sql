-- A like the network refused for that one post (deleted, protected, blocked):
-- recorded as skipped, so the loop goes on and never tries it again.
ALTER TABLE likes DROP CONSTRAINT likes_state_check;
ALTER TABLE likes ADD CONSTRAINT likes_state_check CHECK (state IN ('claimed', 'liked', 'would_like', 'skipped'));
