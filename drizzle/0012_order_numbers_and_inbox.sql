-- Orders get a short number people can quote (issue 20): existing orders are numbered in the
-- order they were placed, from 100001, and new ones follow on from the last. Contact messages
-- get a status for the admin inbox.
ALTER TABLE "contact_message" ADD COLUMN "status" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "number" bigint;--> statement-breakpoint
UPDATE "order" o SET "number" = n."number"
  FROM (SELECT "id", 100000 + row_number() OVER (ORDER BY "created_at", "id") AS "number" FROM "order") n
  WHERE o."id" = n."id";--> statement-breakpoint
ALTER TABLE "order" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order" ALTER COLUMN "number" ADD GENERATED ALWAYS AS IDENTITY (sequence name "order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1);--> statement-breakpoint
SELECT setval('order_number_seq', greatest(100000, (SELECT max("number") FROM "order")));--> statement-breakpoint
CREATE INDEX "contact_message_status_idx" ON "contact_message" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_number_unique" UNIQUE("number");--> statement-breakpoint
ALTER TABLE "contact_message" ADD CONSTRAINT "contact_message_status_known" CHECK ("contact_message"."status" in ('open', 'done'));
