-- Notifications and table chat (README, "Notifications and chat"; infra/notifications.py,
-- infra/chat.py).
--
-- The outbox: one row per notification and destination (a webhook endpoint, or one browser
-- push subscription), written by the append that causes it, in its statement (so never
-- without its events, never lost with a process). Every replica delivers: a row is claimed
-- with SKIP LOCKED for a lease (`claimed_until`), deleted once delivered, or retried with
-- back-off (`next_at`) until `dead_at` marks it dead-lettered.
CREATE TABLE notifications (
    id            text        NOT NULL,   -- the webhook-id (stable across retries)
    target        text        NOT NULL,   -- 'webhook:<url>' or 'push:<subscription id>'
    type          text        NOT NULL,   -- turn.started, table.started, game.ended, ...
    body          jsonb       NOT NULL,   -- the Standard Webhooks payload {type, timestamp, data}
    game_id       uuid,
    created_at    timestamptz NOT NULL DEFAULT now(),
    next_at       timestamptz NOT NULL DEFAULT now(),
    claimed_until timestamptz NOT NULL DEFAULT '-infinity',
    attempts      integer     NOT NULL DEFAULT 0,
    last_error    text,
    dead_at       timestamptz,
    PRIMARY KEY (id, target)
);
-- What is due: the claim's scan (live rows only).
CREATE INDEX notifications_due ON notifications (next_at) WHERE dead_at IS NULL;
CREATE INDEX notifications_dead ON notifications (dead_at DESC) WHERE dead_at IS NOT NULL;

-- A player's browser push subscriptions (the PushSubscription the browser gave: endpoint
-- and keys); one row per endpoint.
CREATE TABLE push_subscriptions (
    subscription_id uuid        PRIMARY KEY,
    player_id       uuid        NOT NULL,
    endpoint        text        NOT NULL UNIQUE,
    p256dh          text        NOT NULL,
    auth            text        NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX push_subscriptions_player ON push_subscriptions (player_id);

-- Table chat: outside the game's events and its hash chain. `seq` orders a game's messages
-- (the history's pages and the live pushes name it).
CREATE TABLE chat_messages (
    game_id   uuid        NOT NULL,
    seq       bigint      NOT NULL,
    player_id uuid,                   -- the writer when a player; NULL for a seat token
    seat      integer,                -- the writer's seat (NULL: a spectator)
    name      text        NOT NULL,
    text      text        NOT NULL,
    sent_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (game_id, seq)
);
-- A player's recent lines (the chat's rate per player, across tables).
CREATE INDEX chat_messages_player ON chat_messages (player_id, sent_at)
    WHERE player_id IS NOT NULL;

-- A table's chat settings, set by its host (no row: the defaults): chat closed, spectators
-- may write, the chat goes with the game's export.
CREATE TABLE chat_tables (
    game_id    uuid    PRIMARY KEY,
    closed     boolean NOT NULL DEFAULT false,
    spectators boolean NOT NULL DEFAULT false,
    exported   boolean NOT NULL DEFAULT false
);

-- Who a viewer muted at a table (per viewer: the muted player's messages are left out of
-- the viewer's history and live pushes).
CREATE TABLE chat_mutes (
    game_id   uuid NOT NULL,
    viewer    uuid NOT NULL,
    muted     uuid NOT NULL,
    PRIMARY KEY (game_id, viewer, muted)
);
