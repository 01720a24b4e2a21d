-- Tamper evidence: every event carries a hash chained to the previous event of its game,
-- and each game its head hash (the last event's). The encoding is in infra/hash_chain.py
-- and openapi/audit.md; new events get theirs in the append statement.
--
-- Imported games (recorded elsewhere, loaded for study) are flagged and never take commands.

ALTER TABLE events ADD COLUMN hash bytea;
ALTER TABLE games ADD COLUMN head bytea NOT NULL DEFAULT decode(repeat('00', 32), 'hex'),
                  ADD COLUMN imported boolean NOT NULL DEFAULT false;

-- The canonical JSON of a payload, as infra/hash_chain.canonical_json writes it: keys sorted
-- by code point (UTF-8 bytes, collation "C"), no whitespace, strings escaped as jsonb does.
CREATE FUNCTION audit_canonical_json(j jsonb) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT AS $$
BEGIN
    CASE jsonb_typeof(j)
    WHEN 'object' THEN
        RETURN '{' || coalesce((
            SELECT string_agg(to_jsonb(k)::text || ':' || audit_canonical_json(v), ','
                              ORDER BY k COLLATE "C")
            FROM jsonb_each(j) AS o(k, v)), '') || '}';
    WHEN 'array' THEN
        RETURN '[' || coalesce((
            SELECT string_agg(audit_canonical_json(v), ',' ORDER BY n)
            FROM jsonb_array_elements(j) WITH ORDINALITY AS a(v, n)), '') || ']';
    ELSE
        RETURN j::text;
    END CASE;
END
$$;

-- The chain of every existing game, in version order.
DO $$
DECLARE
    r record;
    current_game uuid;
    previous bytea;
BEGIN
    FOR r IN SELECT game_id, version, type, payload FROM events ORDER BY game_id, version LOOP
        IF current_game IS DISTINCT FROM r.game_id THEN
            current_game := r.game_id;
            previous := decode(repeat('00', 32), 'hex');
        END IF;
        previous := sha256(previous || sha256(convert_to(
            r.game_id::text || E'\n' || r.version::text || E'\n' || r.type || E'\n'
            || audit_canonical_json(r.payload), 'UTF8')));
        UPDATE events SET hash = previous WHERE game_id = r.game_id AND version = r.version;
    END LOOP;
END
$$;

UPDATE games g SET head = e.hash
FROM (SELECT DISTINCT ON (game_id) game_id, hash FROM events
      ORDER BY game_id, version DESC) AS e
WHERE e.game_id = g.game_id;

-- `hash` stays nullable: a row written around the append statement (by hand, by an old
-- writer) is stored, and verification names its version.
