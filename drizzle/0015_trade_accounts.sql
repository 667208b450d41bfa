CREATE TABLE "company" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"vat_id" text DEFAULT '' NOT NULL,
	"po_required" boolean DEFAULT false NOT NULL,
	"net_days" integer,
	"credit_limit_cents" integer DEFAULT 0 NOT NULL,
	"balance_cents" integer DEFAULT 0 NOT NULL,
	"discount_milli" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_net_days_range" CHECK ("company"."net_days" is null or "company"."net_days" between 0 and 365),
	CONSTRAINT "company_credit_limit_not_negative" CHECK ("company"."credit_limit_cents" >= 0),
	CONSTRAINT "company_discount_range" CHECK ("company"."discount_milli" between 0 and 100000)
);
--> statement-breakpoint
CREATE TABLE "company_invite" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"spending_limit_cents" integer,
	"token_hash" text NOT NULL,
	"invited_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" text,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "company_invite_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "company_invite_role_known" CHECK ("company_invite"."role" in ('admin', 'buyer'))
);
--> statement-breakpoint
CREATE TABLE "company_member" (
	"user_id" text PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"role" text NOT NULL,
	"spending_limit_cents" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_member_role_known" CHECK ("company_member"."role" in ('owner', 'admin', 'buyer')),
	CONSTRAINT "company_member_limit_not_negative" CHECK ("company_member"."spending_limit_cents" is null or "company_member"."spending_limit_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "company_price" (
	"company_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"tiers" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_price_company_id_product_id_pk" PRIMARY KEY("company_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "credit_ledger_entry" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credit_ledger_entry_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"type" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"balance_after_cents" integer NOT NULL,
	"order_id" uuid,
	"invoice_number" text,
	"note" text DEFAULT '' NOT NULL,
	"created_by" text NOT NULL,
	CONSTRAINT "credit_ledger_entry_type_known" CHECK ("credit_ledger_entry"."type" in ('charge', 'payment', 'credit_note', 'adjustment')),
	CONSTRAINT "credit_ledger_entry_amount_not_zero" CHECK ("credit_ledger_entry"."amount_cents" <> 0)
);
--> statement-breakpoint
CREATE TABLE "quote_line" (
	"quote_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"product_id" uuid,
	"sku" text NOT NULL,
	"product_name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	CONSTRAINT "quote_line_quote_id_line_no_pk" PRIMARY KEY("quote_id","line_no"),
	CONSTRAINT "quote_line_quantity_positive" CHECK ("quote_line"."quantity" >= 1),
	CONSTRAINT "quote_line_price_positive" CHECK ("quote_line"."unit_price_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "quote" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigint GENERATED ALWAYS AS IDENTITY (sequence name "quote_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1),
	"company_id" uuid,
	"user_id" text NOT NULL,
	"email" text NOT NULL,
	"user_name" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"shop_note" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone,
	"quoted_at" timestamp with time zone,
	"quoted_by" text,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_number_unique" UNIQUE("number"),
	CONSTRAINT "quote_status_known" CHECK ("quote"."status" in ('requested', 'quoted', 'accepted', 'declined'))
);
--> statement-breakpoint
ALTER TABLE "order" DROP CONSTRAINT "order_status_known";--> statement-breakpoint
DROP INDEX "order_unpaid_hold_idx";--> statement-breakpoint
DROP INDEX "order_unpaid_user_idx";--> statement-breakpoint
ALTER TABLE "address" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "address" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "address" ADD COLUMN "created_by" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "payment_method" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "po_number" text;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "approved_by" text;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order" ADD COLUMN "quote_id" uuid;--> statement-breakpoint
ALTER TABLE "company_invite" ADD CONSTRAINT "company_invite_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_member" ADD CONSTRAINT "company_member_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_member" ADD CONSTRAINT "company_member_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_price" ADD CONSTRAINT "company_price_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_price" ADD CONSTRAINT "company_price_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger_entry" ADD CONSTRAINT "credit_ledger_entry_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_line" ADD CONSTRAINT "quote_line_quote_id_quote_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quote"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_line" ADD CONSTRAINT "quote_line_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote" ADD CONSTRAINT "quote_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_invite_company_idx" ON "company_invite" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "company_member_company_idx" ON "company_member" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "company_member_one_owner_idx" ON "company_member" USING btree ("company_id") WHERE "company_member"."role" = 'owner';--> statement-breakpoint
CREATE INDEX "company_price_product_idx" ON "company_price" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "credit_ledger_entry_company_idx" ON "credit_ledger_entry" USING btree ("company_id","id");--> statement-breakpoint
CREATE INDEX "credit_ledger_entry_order_idx" ON "credit_ledger_entry" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "quote_company_idx" ON "quote" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "quote_user_idx" ON "quote" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "quote_created_idx" ON "quote" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "address" ADD CONSTRAINT "address_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "address_company_idx" ON "address" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "address_company_default_shipping_idx" ON "address" USING btree ("company_id") WHERE "address"."is_default_shipping";--> statement-breakpoint
CREATE UNIQUE INDEX "address_company_default_billing_idx" ON "address" USING btree ("company_id") WHERE "address"."is_default_billing";--> statement-breakpoint
CREATE INDEX "order_company_created_idx" ON "order" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "order_company_due_idx" ON "order" USING btree ("company_id","due_at") WHERE "order"."due_at" is not null;--> statement-breakpoint
CREATE INDEX "order_unpaid_hold_idx" ON "order" USING btree ("hold_until") WHERE "order"."status" in ('unpaid', 'awaiting_approval');--> statement-breakpoint
CREATE INDEX "order_unpaid_user_idx" ON "order" USING btree ("user_id") WHERE "order"."status" in ('unpaid', 'awaiting_approval');--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_quote_id_unique" UNIQUE("quote_id");--> statement-breakpoint
ALTER TABLE "address" ADD CONSTRAINT "address_one_owner" CHECK (("address"."user_id" is null) <> ("address"."company_id" is null));--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_payment_method_known" CHECK ("order"."payment_method" in ('card', 'account'));--> statement-breakpoint
ALTER TABLE "order" ADD CONSTRAINT "order_status_known" CHECK ("order"."status" in ('unpaid', 'awaiting_approval', 'paid', 'partially_shipped', 'shipped', 'expired', 'cancelled', 'rejected'));