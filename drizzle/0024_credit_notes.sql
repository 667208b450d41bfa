CREATE TABLE "credit_note_line" (
	"credit_note_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"quantity" integer NOT NULL,
	"line_total_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	CONSTRAINT "credit_note_line_credit_note_id_line_no_pk" PRIMARY KEY("credit_note_id","line_no"),
	CONSTRAINT "credit_note_line_quantity_positive" CHECK ("credit_note_line"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "credit_note" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"return_id" uuid,
	"subtotal_cents" integer NOT NULL,
	"shipping_cents" integer NOT NULL,
	"tax" jsonb NOT NULL,
	"tax_total_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"refund" text NOT NULL,
	"refunded_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_note_number_unique" UNIQUE("number"),
	CONSTRAINT "credit_note_total_matches" CHECK ("credit_note"."total_cents" = "credit_note"."subtotal_cents" + "credit_note"."shipping_cents" + "credit_note"."tax_total_cents" and "credit_note"."total_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "test_payment_refund" (
	"key" text PRIMARY KEY NOT NULL,
	"intent_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_line" ADD COLUMN "cancelled" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "test_payment_intent" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_note_line" ADD CONSTRAINT "credit_note_line_credit_note_id_credit_note_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."credit_note"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_note_line" ADD CONSTRAINT "credit_note_line_order_id_line_no_order_line_order_id_line_no_fk" FOREIGN KEY ("order_id","line_no") REFERENCES "public"."order_line"("order_id","line_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_note" ADD CONSTRAINT "credit_note_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_payment_refund" ADD CONSTRAINT "test_payment_refund_intent_id_test_payment_intent_id_fk" FOREIGN KEY ("intent_id") REFERENCES "public"."test_payment_intent"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_note_line_order_idx" ON "credit_note_line" USING btree ("order_id","line_no");--> statement-breakpoint
CREATE INDEX "credit_note_order_idx" ON "credit_note" USING btree ("order_id","issued_at");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_note_return_idx" ON "credit_note" USING btree ("return_id") WHERE "credit_note"."return_id" is not null;--> statement-breakpoint
ALTER TABLE "order_line" ADD CONSTRAINT "order_line_cancelled_range" CHECK ("order_line"."cancelled" >= 0 and "order_line"."cancelled" <= "order_line"."quantity");--> statement-breakpoint
-- Orders cancelled before credit notes had a table of their own: their one note, covering the
-- whole order (its lines' tax is the order's, so it is not split by line here).
INSERT INTO "credit_note" ("number", "order_id", "kind", "reason", "subtotal_cents", "shipping_cents", "tax", "tax_total_cents", "total_cents", "refund", "refunded_at", "created_by", "issued_at")
SELECT o."credit_note_number", o."id", 'cancelled', coalesce(o."cancel_reason", ''), o."total_cents", o."shipping_cents", o."tax", o."tax_total_cents", o."grand_total_cents",
  CASE o."payment_method" WHEN 'account' THEN 'account' ELSE 'card' END,
  CASE o."payment_method" WHEN 'account' THEN coalesce(o."credited_at", o."cancelled_at")
    ELSE (SELECT min(e."at") FROM "order_event" e WHERE e."order_id" = o."id" AND e."event" = 'refunded') END,
  'migration', coalesce(o."credited_at", o."cancelled_at", o."created_at")
FROM "order" o WHERE o."credit_note_number" IS NOT NULL;--> statement-breakpoint
INSERT INTO "credit_note_line" ("credit_note_id", "order_id", "line_no", "quantity", "line_total_cents", "tax_cents")
SELECT c."id", l."order_id", l."line_no", l."quantity", l."line_total_cents", 0
FROM "credit_note" c JOIN "order_line" l ON l."order_id" = c."order_id";--> statement-breakpoint
UPDATE "order_line" l SET "cancelled" = l."quantity" FROM "order" o WHERE o."id" = l."order_id" AND o."credit_note_number" IS NOT NULL;
