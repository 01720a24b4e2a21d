-- Appends serialise per game (the games row), not across games; every table is keyed by
-- game first so the schema distributes by game_id (Citus: create_distributed_table on
-- game_id for games, events, commands, views, colocated).
--
-- Global readers (rebuilds, exports) page by (tx, position) and read only events whose
-- writing transaction is older than the oldest one still in progress, so an event that
-- commits late is never skipped and no append waits for another game's.

ALTER TABLE events ADD COLUMN tx bigint NOT NULL DEFAULT (pg_current_xact_id()::text::bigint);
CREATE INDEX events_tx_position ON events (tx, position);

-- The stream key becomes the primary key; position stays a unique-in-practice identity
-- used only for ordering within one transaction.
ALTER TABLE events DROP CONSTRAINT events_pkey,
                   DROP CONSTRAINT events_game_id_version_key,
                   ADD PRIMARY KEY (game_id, version);

-- How the deal was made: 'random' (secret), 'seeded' (its creator can compute it) or
-- 'explicit'; games created before this column say 'unrecorded'.
ALTER TABLE games ADD COLUMN deal text NOT NULL DEFAULT 'unrecorded';
ALTER TABLE games ALTER COLUMN deal SET DEFAULT 'random';
