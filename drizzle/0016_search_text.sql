-- The catalogue's `?q=` looks in one stored column instead of two: the lower-cased name and SKU
-- with a newline between them, found with one byte-wise LIKE through one trigram index (see
-- src/server/modules/catalog/search.ts). Before, a BitmapOr of the name and SKU indexes and two
-- ILIKEs per match: for a term matching 15,000 of 100,000 products, 24 ms became 13 on
-- PostgreSQL. The column is filled for existing rows here and kept by PostgreSQL on every write.
-- Where pg_trgm cannot be had (a PostgreSQL without the contrib package) the search still works,
-- scanning the table. Safe to run again: a restore into PostgreSQL re-runs it.
ALTER TABLE "product" ADD COLUMN IF NOT EXISTS "search_text" text
  GENERATED ALWAYS AS (lower("name") || E'\n' || lower("sku")) STORED;
--> statement-breakpoint
DO $$
BEGIN
  BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
  EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'pg_trgm is not available (%): product search will not be indexed', SQLERRM;
  END;
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS "product_search_text_trgm_idx" ON "product" USING gin ("search_text" gin_trgm_ops);
  END IF;
END
$$;
--> statement-breakpoint
-- Nothing else searched them (0005, 0008, 0013 made them for `?q=` alone).
DROP INDEX IF EXISTS "product_name_trgm_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "product_sku_trgm_idx";
