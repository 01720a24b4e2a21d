-- Ratings, leaderboards and matchmaking (README, "Ratings and matchmaking";
-- projections/ratings.py, api/service/matchmaking.py).
--
-- Ratings are a projection of the finished rated games: `rated_games` holds one row per
-- game taken into account (or skipped, with why), written in the same transaction as the
-- ratings it moved, so a game is applied exactly once whatever process applies it and
-- wherever one dies. `seq` is the order they were applied in (gapless, assigned under the
-- ratings' advisory lock): `polis rebuild-projections` replays them in that order.
CREATE TABLE rated_games (
    game_id     uuid        PRIMARY KEY,
    seq         bigint      NOT NULL UNIQUE,
    pool        text,                        -- NULL: skipped (see `skipped`)
    skipped     text,                        -- why the game moved no rating, or NULL
    finished_at timestamptz NOT NULL,
    applied_at  timestamptz NOT NULL DEFAULT now()
);

-- Each player's rating per pool (Weng-Lin Plackett-Luce: mu, sigma); `rating` is the
-- conservative estimate mu - 3 sigma the leaderboards rank by.
CREATE TABLE ratings (
    pool       text             NOT NULL,
    player_id  uuid             NOT NULL,
    mu         double precision NOT NULL,
    sigma      double precision NOT NULL,
    rating     double precision NOT NULL,
    games      integer          NOT NULL,
    updated_at timestamptz      NOT NULL,
    PRIMARY KEY (pool, player_id)
);
CREATE INDEX ratings_board ON ratings (pool, rating DESC, player_id);
CREATE INDEX ratings_player ON ratings (player_id);

-- How each rated game moved each of its players (profiles show it).
CREATE TABLE rating_history (
    player_id    uuid             NOT NULL,
    pool         text             NOT NULL,
    seq          bigint           NOT NULL,  -- rated_games.seq
    game_id      uuid             NOT NULL,
    place        integer          NOT NULL,
    mu_before    double precision NOT NULL,
    sigma_before double precision NOT NULL,
    mu           double precision NOT NULL,
    sigma        double precision NOT NULL,
    at           timestamptz      NOT NULL,
    PRIMARY KEY (player_id, pool, seq)
);
CREATE INDEX rating_history_game ON rating_history (game_id);

-- The finished rated games (the ratings runner looks for those not in rated_games yet).
CREATE INDEX games_rated_over ON games (game_id) WHERE over AND options @> '{"rated": true}';

-- Matchmaking tickets: one player's wish for a game of one queue (kind, expansions, rated,
-- clock). A player has at most one waiting ticket per queue; a ticket ends in at most one
-- game (matched under the queue's claim, `FOR UPDATE SKIP LOCKED`).
CREATE TABLE match_tickets (
    ticket_id  uuid             PRIMARY KEY,
    player_id  uuid             NOT NULL,
    queue      text             NOT NULL,
    kind       text             NOT NULL,
    expansions text[]           NOT NULL,
    seats_min  integer          NOT NULL,
    seats_max  integer          NOT NULL,
    rated      boolean          NOT NULL,
    clock      jsonb,
    bots_after double precision,             -- seconds before bots may fill; NULL: never
    rating     double precision NOT NULL,    -- the player's rating when filed (matching)
    state      text             NOT NULL DEFAULT 'waiting'
                                CHECK (state IN ('waiting', 'matched', 'expired', 'cancelled')),
    game_id    uuid,
    created_at timestamptz      NOT NULL DEFAULT now(),
    updated_at timestamptz      NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX match_tickets_one_waiting ON match_tickets (player_id, queue)
    WHERE state = 'waiting';
CREATE INDEX match_tickets_waiting ON match_tickets (queue, created_at) WHERE state = 'waiting';
