-- What a paid API (X) cost each UTC day, by endpoint, as the adapter counted it: requests,
-- posts returned or written, and the estimate at the price table. The daemon adds to the
-- day's rows as it goes, so a restart keeps the day's spend and the budget holds.
CREATE TABLE api_spend (
    day date NOT NULL,
    endpoint text NOT NULL,
    requests bigint NOT NULL DEFAULT 0,
    resources bigint NOT NULL DEFAULT 0,
    dollars double precision NOT NULL DEFAULT 0,
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (day, endpoint)
);
