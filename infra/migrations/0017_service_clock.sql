-- The service's clock (infra/service_clock.py, README "Time"): `polis_now()` is PostgreSQL's
-- `now()` plus `service_clock.offset_seconds`, and every time the service stores or compares
-- comes from it (events' `recorded_at`, deadlines, the outbox's due times and leases, chat,
-- tickets), so game clocks, timeouts, `clock.low` and deliveries run on one clock.
-- The offset is 0 and stays 0 unless a deployment turns time injection on
-- (`POLIS_TIME_INJECTION`, for simulations and tests), where `POST /admin/clock` moves it
-- forward. The uncorrelated sub-select is an init plan: read once per statement.
CREATE TABLE service_clock (
    only_row       boolean PRIMARY KEY DEFAULT true CHECK (only_row),
    offset_seconds float8  NOT NULL DEFAULT 0 CHECK (offset_seconds >= 0)
);
INSERT INTO service_clock DEFAULT VALUES;

CREATE FUNCTION polis_now() RETURNS timestamptz LANGUAGE sql STABLE PARALLEL SAFE AS $$
    SELECT now() + make_interval(secs => coalesce(
        (SELECT offset_seconds FROM service_clock), 0))
$$;

ALTER TABLE games ALTER COLUMN created_at SET DEFAULT polis_now();
ALTER TABLE events ALTER COLUMN recorded_at SET DEFAULT polis_now();
ALTER TABLE commands ALTER COLUMN recorded_at SET DEFAULT polis_now();
ALTER TABLE players ALTER COLUMN created_at SET DEFAULT polis_now();
ALTER TABLE rematches ALTER COLUMN created_at SET DEFAULT polis_now();
ALTER TABLE rated_games ALTER COLUMN applied_at SET DEFAULT polis_now();
ALTER TABLE match_tickets ALTER COLUMN created_at SET DEFAULT polis_now();
ALTER TABLE match_tickets ALTER COLUMN updated_at SET DEFAULT polis_now();
ALTER TABLE notifications ALTER COLUMN created_at SET DEFAULT polis_now();
ALTER TABLE notifications ALTER COLUMN next_at SET DEFAULT polis_now();
ALTER TABLE push_subscriptions ALTER COLUMN created_at SET DEFAULT polis_now();
ALTER TABLE chat_messages ALTER COLUMN sent_at SET DEFAULT polis_now();
