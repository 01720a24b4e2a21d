-- Views are compressed with lz4 where the server has it (PostgreSQL 14+ built with lz4, as
-- Debian's and the official images are): pglz's compression was a visible share of every
-- append and of a projection rebuild (measured: rebuild 15,000 -> 19,200 events/s, paired
-- rounds on the same database). A server without lz4 (the embedded one) keeps pglz; values
-- already stored keep the method they were written with, and both are read alike. A dump
-- restored onto a server without lz4 needs `pg_restore --no-toast-compression`.
DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_settings
               WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)) THEN
        ALTER TABLE views ALTER COLUMN view SET COMPRESSION lz4;
    END IF;
END
$$;
