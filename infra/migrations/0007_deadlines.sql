-- Clock deadlines (the `clock` option, api/timeouts.py): one row per game with a clock, the
-- next thing due for it at `version`: a seat's clock running out (`timeout`) or a move its
-- bot owes now (`bot`); due_at NULL when nothing is due (no seat may act, the game ended).
--
-- Keyed by game_id like every table (Citus: distributed on game_id, colocated with games).
-- Every serving process claims due rows with FOR UPDATE SKIP LOCKED and fires them while
-- it holds the row, so one deadline is fired by one process; the appends it makes carry
-- idempotency keys of the version they were decided on, so a claim lost with its process
-- (killed mid-fire) and taken up by another never fires twice.
CREATE TABLE deadlines (
    game_id  uuid        PRIMARY KEY REFERENCES games (game_id),
    version  bigint      NOT NULL,    -- the game's version the row was computed at
    due_at   timestamptz,
    seat     integer,
    action   text CHECK (action IN ('timeout', 'bot')),
    CHECK ((due_at IS NULL) = (seat IS NULL) AND (seat IS NULL) = (action IS NULL))
);
CREATE INDEX deadlines_due ON deadlines (due_at) WHERE due_at IS NOT NULL;

-- The sweep that repairs a row lost between an append and its deadline (a process killed
-- in between) reads only the running games with a clock.
CREATE INDEX games_running_with_clock ON games (version) WHERE NOT over AND options ? 'clock';
