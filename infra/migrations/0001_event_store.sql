-- Games, their event streams and the commands already handled (idempotency).

CREATE TABLE games (
    game_id       uuid PRIMARY KEY,
    kind          text        NOT NULL,
    expansions    text[]      NOT NULL DEFAULT '{}',
    options       jsonb       NOT NULL DEFAULT '{}',
    seat_names    text[]      NOT NULL,
    token_hashes  text[]      NOT NULL,          -- sha256 hex of each seat's secret token
    created_at    timestamptz NOT NULL DEFAULT now(),
    version       bigint      NOT NULL DEFAULT 0, -- last appended version (0 = no events)
    summary       jsonb       NOT NULL DEFAULT '{}',
    over          boolean     NOT NULL DEFAULT false,
    CHECK (cardinality(seat_names) = cardinality(token_hashes))
);
CREATE INDEX games_created_at ON games (created_at DESC, game_id);

CREATE TABLE events (
    position       bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, -- global order
    game_id        uuid        NOT NULL REFERENCES games (game_id),
    version        bigint      NOT NULL CHECK (version >= 1),
    type           text        NOT NULL,
    payload        jsonb       NOT NULL,
    command_id     text,                     -- idempotency key of the causing command
    seat           integer,                  -- seat that caused it; NULL for set-up
    recorded_at    timestamptz NOT NULL DEFAULT now(),
    schema_version integer     NOT NULL DEFAULT 1,
    UNIQUE (game_id, version)                -- the optimistic-concurrency check
);

CREATE TABLE commands (
    game_id       uuid        NOT NULL REFERENCES games (game_id),
    command_id    text        NOT NULL,
    seat          integer,
    body_hash     text        NOT NULL,      -- a reused key with another body is refused
    first_version bigint      NOT NULL,
    last_version  bigint      NOT NULL,
    recorded_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (game_id, command_id)
);
