-- Players and tables (README, "Players and tables"; api/service/players.py, tables.py).
--
-- A player is an identity that outlives a game: a guest (a secret token, stored hashed as
-- seat tokens are) or a user of the application's identity provider (issuer and subject of
-- its JWTs). Distributed by player_id on Citus (players, seats_held).
CREATE TABLE players (
    player_id  uuid        PRIMARY KEY,
    name       text        NOT NULL,
    token_hash text        UNIQUE,          -- sha256 hex of a guest's token (NULL: JWT only)
    issuer     text,
    subject    text,
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (issuer, subject),
    CHECK ((issuer IS NULL) = (subject IS NULL))
);

-- Who holds each seat of a game (NULL where no player does: a named seat, a bot, a free
-- seat), by seat like seat_names; a table's visibility, host and invitation code (hashed);
-- `waiting` while its seats are still open (no deal drawn yet).
ALTER TABLE games
    ADD COLUMN players    uuid[]  NOT NULL DEFAULT '{}',
    ADD COLUMN visibility text    NOT NULL DEFAULT 'private'
                                  CHECK (visibility IN ('public', 'private')),
    ADD COLUMN host       uuid,
    ADD COLUMN invite_hash text,
    ADD COLUMN waiting    boolean NOT NULL DEFAULT false;

-- The lobby: public tables with seats still open, newest first.
CREATE INDEX games_lobby ON games (created_at DESC, game_id) WHERE waiting AND visibility = 'public';

-- "My games": the seats each player holds, written with the append that seats the player
-- (a projection of the table events, rebuilt from them by `polis rebuild-projections`).
CREATE TABLE seats_held (
    player_id uuid    NOT NULL,
    game_id   uuid    NOT NULL,
    seat      integer NOT NULL,
    PRIMARY KEY (player_id, game_id)
);
CREATE INDEX seats_held_game ON seats_held (game_id);


-- The tables that expire: waiting ones, oldest first (api/runners/table_expiry.py).
CREATE INDEX games_waiting ON games (created_at) WHERE waiting AND NOT over;
