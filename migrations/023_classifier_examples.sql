-- What the favorite classifier learned, kept so that its counts in Redis can always be
-- rebuilt (issue 39). Redis holds the counts; these rows are the record they are made from.
--
-- classifier_examples: every post the classifier counted, in the order it counted them: its
-- features as they were counted (joined by line feeds; no feature holds one), its category,
-- whether it took one count back from `normal`, how it counted in the like-share sample
-- (0 not in it, 1 a new post of it, 2 liked after it was learned as `normal`), whether the
-- calibration took the threshold after it (the last post of a sample batch), and where it
-- came from. Replaying the rows in order through the same scripts gives the same counts,
-- windows and threshold.
--
-- classifier_baseline: the counts as Redis held them when a bot trained before this table
-- existed first started with it (one row: a JSON dump of the classifier's keys); the
-- examples are replayed on top of it.
CREATE TABLE classifier_examples (
    id bigserial PRIMARY KEY,
    learned_at timestamptz NOT NULL DEFAULT now(),
    source text NOT NULL CHECK (source IN ('api', 'archive', 'jsonl', 'learning')),
    category text NOT NULL CHECK (category IN ('favorite', 'normal')),
    takes_back boolean NOT NULL,
    sample smallint NOT NULL CHECK (sample IN (0, 1, 2)),
    calibrated boolean NOT NULL,
    features text NOT NULL
);

CREATE TABLE classifier_baseline (
    id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
    saved_at timestamptz NOT NULL DEFAULT now(),
    dump text NOT NULL
);
