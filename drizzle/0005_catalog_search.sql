-- A trigram index for the catalogue's case-insensitive substring search (name ILIKE '%…%').
-- It needs the pg_trgm extension (trusted since PostgreSQL 13: a database owner may create it).
-- Where pg_trgm cannot be had (PGlite, unless the extension is loaded into it; a server
-- without the contrib package) the search still works, scanning the table instead.
DO $$
BEGIN
  BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
  EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'pg_trgm is not available (%): product search will not be indexed', SQLERRM;
  END;
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS "product_name_trgm_idx" ON "product" USING gin ("name" gin_trgm_ops);
  END IF;
END
$$;
