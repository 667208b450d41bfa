-- Descriptions are searched too (below names and brands: src/server/modules/catalog/search.ts).
-- As in 0016, the trigram index is made only where pg_trgm can be had, and this is safe to run
-- again: a restore into PostgreSQL re-runs it (src/server/db/restore.ts).
DO $$
BEGIN
  BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
  EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'pg_trgm is not available (%): descriptions will not be indexed', SQLERRM;
  END;
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS "product_description_trgm_idx" ON "product" USING gin (lower("description") gin_trgm_ops);
  END IF;
END
$$;
