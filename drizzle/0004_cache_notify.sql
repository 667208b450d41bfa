-- Statements that change what the catalogue or the reviews show notify 'ecparts_table_changed'
-- with the table's name, delivered at commit (and not at all on rollback). Each server process
-- LISTENs and drops what it cached from that table (src/server/cache/change-listener.ts).
--
-- Updates of the stock alone are left out: every order makes one, and a NOTIFY inside a
-- transaction holds a database-wide lock through its commit, which would queue all orders
-- behind each other's disk flush. The server reports those itself, right after commit.
CREATE OR REPLACE FUNCTION "notify_table_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ecparts_table_changed', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "product_changed"
  AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "name", "description", "price_cents", "image_url"
  ON "product" FOR EACH STATEMENT EXECUTE FUNCTION "notify_table_changed"();
--> statement-breakpoint
CREATE TRIGGER "review_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "review"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_table_changed"();
