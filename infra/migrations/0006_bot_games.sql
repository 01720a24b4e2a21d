-- Bot runners poll the running games that have bot seats (options."bots"); this index keeps
-- that poll small however many games are finished or have no bots.
CREATE INDEX games_running_with_bots ON games (version) WHERE NOT over AND options ? 'bots';
