-- The catalogue's `?q=` also finds SKUs: a trigram index on them where pg_trgm is available
-- (see 0005). Safe to run again: a restore into PostgreSQL re-runs it.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS "product_sku_trgm_idx" ON "product" USING gin ("sku" gin_trgm_ops);
  END IF;
END
$$;
