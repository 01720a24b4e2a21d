-- A secret salt in every step of each game's hash chain (infra/hash_chain.py, audit.md):
--     hash(v) = SHA-256(salt || hash(v - 1) || digest(v))
-- The head hash is public while a game runs; without a secret in the chain, hashing a
-- redacted event with each value of its hidden member finds the one that gives the next
-- head. The salt is published once the game is over, so the chain stays recomputable.
--
-- Finished games keep an empty salt: the formula is then the earlier one, so every head hash
-- already published for them still verifies. Running games get a salt now and their chain is
-- recomputed under it (their earlier heads leaked what this closes; new heads do not).
ALTER TABLE games ADD COLUMN salt bytea NOT NULL DEFAULT ''::bytea;

UPDATE games SET salt = uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid())
WHERE NOT over;

DO $$
DECLARE
    r record;
    current_game uuid;
    previous bytea;
BEGIN
    FOR r IN SELECT e.game_id, e.version, e.type, e.payload, g.salt
             FROM events e JOIN games g ON g.game_id = e.game_id
             WHERE NOT g.over ORDER BY e.game_id, e.version LOOP
        IF current_game IS DISTINCT FROM r.game_id THEN
            current_game := r.game_id;
            previous := decode(repeat('00', 32), 'hex');
        END IF;
        previous := sha256(r.salt || previous || sha256(convert_to(
            r.game_id::text || E'\n' || r.version::text || E'\n' || r.type || E'\n'
            || audit_canonical_json(r.payload), 'UTF8')));
        UPDATE events SET hash = previous WHERE game_id = r.game_id AND version = r.version;
    END LOOP;
END
$$;

UPDATE games g SET head = e.hash
FROM (SELECT DISTINCT ON (events.game_id) events.game_id, events.hash
      FROM events JOIN games ON games.game_id = events.game_id
      WHERE NOT games.over
      ORDER BY events.game_id, events.version DESC) AS e
WHERE e.game_id = g.game_id;
