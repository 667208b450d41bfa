-- My Orders reads by account (issue 19, item 3), and an order has at most one intent that can
-- still be charged (item 6). Duplicates an older server may have left are cancelled first,
-- keeping the one the order points at, else the newest.
UPDATE "test_payment_intent" t SET "status" = 'canceled', "updated_at" = now()
FROM (SELECT i."id", row_number() OVER (PARTITION BY i."order_id"
        ORDER BY (i."id" = o."payment_intent_id") DESC NULLS LAST, i."created_at" DESC, i."id" DESC) AS n
      FROM "test_payment_intent" i LEFT JOIN "order" o ON o."id" = i."order_id"
      WHERE i."status" = 'requires_payment_method') d
WHERE t."id" = d."id" AND d.n > 1;--> statement-breakpoint
CREATE INDEX "order_user_created_idx" ON "order" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "test_payment_intent_one_live_idx" ON "test_payment_intent" USING btree ("order_id") WHERE "test_payment_intent"."status" = 'requires_payment_method';