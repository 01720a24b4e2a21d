-- Every append updates its game's row (version, summary, head). Two partial indexes were
-- keyed on `version`, so no such update could be HOT (heap-only: PostgreSQL skips every
-- index when no indexed column changes and the new row fits on the same page): each append
-- also wrote new entries in all of the table's indexes. Keyed on game_id instead (their
-- queries only need the small set of running games with bots or a clock, sorted after),
-- and with room left on each page, an append's update is HOT until the game ends (`over`
-- changes once, in a predicate).
DROP INDEX IF EXISTS games_running_with_bots;
CREATE INDEX games_running_with_bots ON games (game_id) WHERE NOT over AND options ? 'bots';
DROP INDEX IF EXISTS games_running_with_clock;
CREATE INDEX games_running_with_clock ON games (game_id) WHERE NOT over AND options ? 'clock';
ALTER TABLE games SET (fillfactor = 80);
