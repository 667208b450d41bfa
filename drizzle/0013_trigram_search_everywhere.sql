-- PGlite now loads pg_trgm (src/server/db/private-pglite.ts), so the catalogue's `?q=` is
-- indexed there too. Databases made before skipped the extension and its two indexes in 0005 and
-- 0008: this makes them where they are missing. Where pg_trgm cannot be had (a PostgreSQL
-- without the contrib package) the search still works, scanning the table. Safe to run again.
DO $$
BEGIN
  BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
  EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'pg_trgm is not available (%): product search will not be indexed', SQLERRM;
  END;
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS "product_name_trgm_idx" ON "product" USING gin ("name" gin_trgm_ops);
    CREATE INDEX IF NOT EXISTS "product_sku_trgm_idx" ON "product" USING gin ("sku" gin_trgm_ops);
  END IF;
END
$$;
