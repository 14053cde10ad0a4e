-- Likes at the human's pace (issue 27): a like decided at a poll is held until a time drawn
-- within the interval to the next poll (moved out of the human's quiet hours), not sent at
-- the poll's minute.
--
-- A held like is `due` with the time it is due and the decision as the like loop made it
-- (JSON of the core's HeldLike: the post as the network served it, the ratio, the threshold
-- and the features the `liked` line names), so that a restart neither loses nor repeats it.
-- Taking it back to `claimed` is a conditional UPDATE: of two daemons, one sends it. A held
-- like counts toward LIKE_LIMIT_PER_DAY on the day it is due (`local_date`).
ALTER TABLE likes ADD COLUMN due_at timestamptz;
ALTER TABLE likes ADD COLUMN held jsonb;
ALTER TABLE likes DROP CONSTRAINT likes_state_check;
ALTER TABLE likes ADD CONSTRAINT likes_state_check CHECK (state IN ('claimed', 'due', 'liked', 'would_like', 'skipped'));
CREATE INDEX likes_due ON likes (due_at) WHERE state = 'due';
