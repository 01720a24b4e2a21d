-- Views are written whole and served whole, never queried inside: store them as the JSON
-- text the game encoded. Parsing each into jsonb was most of the cost of writing one
-- (measured: a COPY of 20,000 views of about 2 KB took 4 to 5 times longer as jsonb).
ALTER TABLE views ALTER COLUMN view TYPE text USING view::text;
