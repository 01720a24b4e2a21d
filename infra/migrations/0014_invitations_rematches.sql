-- Invitations and rematches (README, "Players and tables"; api/service/tables.py).
--
-- A seat reserved for a player (an invitation, e.g. a rematch's) is listed in `seats_held`
-- with `invited` until the player takes it (the row becomes a held seat) or declines it (the
-- row goes): the player's socket watches the table and `GET /players/me/invitations` lists
-- it. "My games" shows only seats held.
ALTER TABLE seats_held ADD COLUMN invited boolean NOT NULL DEFAULT false;

-- The rematch of a finished game: one table per game, whoever asks first (the primary key
-- makes two replicas' requests agree on it).
CREATE TABLE rematches (
    game_id    uuid        PRIMARY KEY,
    rematch_id uuid        NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
