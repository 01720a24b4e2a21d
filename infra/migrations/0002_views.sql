-- Per-seat and spectator views of every version (seat -1 = spectator), written with the events.

CREATE TABLE views (
    game_id  uuid    NOT NULL REFERENCES games (game_id),
    version  bigint  NOT NULL,
    seat     integer NOT NULL,
    view     jsonb   NOT NULL,
    PRIMARY KEY (game_id, version, seat)
);
