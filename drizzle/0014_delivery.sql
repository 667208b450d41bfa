-- Order to delivery (issue 22): address books, shipping methods, tax rates, the shop's own
-- details, the account's tax details, gap-free invoice and credit-note numbers, shipments and
-- the order timeline. Orders placed before this had no shipping or tax: their grand total is
-- their goods total.
CREATE TABLE "account_tax" (
	"user_id" text PRIMARY KEY NOT NULL,
	"company_name" text DEFAULT '' NOT NULL,
	"vat_id" text DEFAULT '' NOT NULL,
	"tax_exempt" boolean DEFAULT false NOT NULL,
	"exempt_certificate" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "address" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"name" text NOT NULL,
	"line1" text NOT NULL,
	"line2" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"country" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"is_default_shipping" boolean DEFAULT false NOT NULL,
	"is_default_billing" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_counter" (
	"kind" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "document_counter_kind_year_pk" PRIMARY KEY("kind","year")
);
--> statement-breakpoint
CREATE TABLE "shipping_method" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"countries" text[] NOT NULL,
	"rate" jsonb NOT NULL,
	"free_over_cents" integer,
	"delivery_min_days" integer NOT NULL,
	"delivery_max_days" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_method_days" CHECK ("shipping_method"."delivery_min_days" >= 0 and "shipping_method"."delivery_max_days" >= "shipping_method"."delivery_min_days"),
	CONSTRAINT "shipping_method_free_over" CHECK ("shipping_method"."free_over_cents" is null or "shipping_method"."free_over_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shop_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"legal_name" text NOT NULL,
	"address" jsonb NOT NULL,
	"vat_id" text DEFAULT '' NOT NULL,
	"invoice_prefix" text NOT NULL,
	"credit_note_prefix" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_settings_one_row" CHECK ("shop_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "tax_rate" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"country" text NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"rate_milli" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_rate_range" CHECK ("tax_rate"."rate_milli" >= 0 and "tax_rate"."rate_milli" <= 100000)
);
--> statement-breakpoint
CREATE TABLE "order_event" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_event_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"event" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipment_line" (
	"shipment_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "shipment_line_shipment_id_line_no_pk" PRIMARY KEY("shipment_id","line_no"),
	CONSTRAINT "shipment_line_quantity_positive" CHECK ("shipment_line"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "shipment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"carrier" text NOT NULL,
	"tracking_number" text NOT NULL,
	"tracking_url" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order" DROP CONSTRAINT "order_status_known";--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "shipping_address" jsonb;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "billing_address" jsonb;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "shipping_method_id" uuid;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "shipping_method_name" text;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "shipping_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "tax" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "tax_total_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "grand_total_cents" integer;--> statement-breakpoint
UPDATE "order" SET "grand_total_cents" = "total_cents";--> statement-breakpoint
ALTER TABLE "order" ALTER COLUMN "grand_total_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "reverse_charge" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "buyer_company" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "buyer_vat_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "tax_exempt_certificate" text;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "invoice_number" text;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "invoiced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "credit_note_number" text;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "credited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "product" ADD COLUMN "weight_grams" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "account_tax" ADD CONSTRAINT "account_tax_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "address" ADD CONSTRAINT "address_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_event" ADD CONSTRAINT "order_event_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_line" ADD CONSTRAINT "shipment_line_shipment_id_shipment_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_line" ADD CONSTRAINT "shipment_line_order_id_line_no_order_line_order_id_line_no_fk" FOREIGN KEY ("order_id","line_no") REFERENCES "public"."order_line"("order_id","line_no") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment" ADD CONSTRAINT "shipment_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "address_user_idx" ON "address" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "address_default_shipping_idx" ON "address" USING btree ("user_id") WHERE "address"."is_default_shipping";--> statement-breakpoint
CREATE UNIQUE INDEX "address_default_billing_idx" ON "address" USING btree ("user_id") WHERE "address"."is_default_billing";--> statement-breakpoint
CREATE UNIQUE INDEX "tax_rate_place_idx" ON "tax_rate" USING btree ("country","region");--> statement-breakpoint
CREATE INDEX "order_event_order_idx" ON "order_event" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "shipment_line_order_idx" ON "shipment_line" USING btree ("order_id","line_no");--> statement-breakpoint
CREATE INDEX "shipment_order_idx" ON "shipment" USING btree ("order_id","created_at");--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_invoice_number_unique" UNIQUE("invoice_number");--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_credit_note_number_unique" UNIQUE("credit_note_number");--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_grand_total_matches" CHECK ("order"."grand_total_cents" = "order"."total_cents" + "order"."shipping_cents" + "order"."tax_total_cents");--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_shipping_not_negative" CHECK ("order"."shipping_cents" >= 0 and "order"."tax_total_cents" >= 0);--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_status_known" CHECK ("order"."status" in ('unpaid', 'paid', 'partially_shipped', 'shipped', 'expired', 'cancelled'));--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_weight_not_negative" CHECK ("product"."weight_grams" >= 0);--> statement-breakpoint
INSERT INTO "shop_settings" ("id", "legal_name", "address", "vat_id", "invoice_prefix", "credit_note_prefix")
  VALUES (1, 'ECParts', '{"company":"","name":"ECParts","line1":"","line2":"","city":"","region":"","postalCode":"","country":"US","phone":""}'::jsonb, '', 'INV', 'CN')
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Checkouts price delivery from cached methods, rates and shop details: any write to them, by
-- anyone, tells every server process to drop what it cached (as 0004 does for the catalogue).
CREATE TRIGGER "shipping_method_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "shipping_method"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_table_changed"();
--> statement-breakpoint
CREATE TRIGGER "tax_rate_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tax_rate"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_table_changed"();
--> statement-breakpoint
CREATE TRIGGER "shop_settings_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "shop_settings"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_table_changed"();
--> statement-breakpoint
CREATE TRIGGER "account_tax_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "account_tax"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_table_changed"();
