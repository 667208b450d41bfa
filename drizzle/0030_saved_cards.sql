CREATE TABLE "payment_customer" (
	"user_id" text NOT NULL,
	"provider" text NOT NULL,
	"customer_ref" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_customer_user_id_provider_pk" PRIMARY KEY("user_id","provider")
);
--> statement-breakpoint
CREATE TABLE "saved_card" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"provider" text NOT NULL,
	"method_ref" text NOT NULL,
	"customer_ref" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_payment_method" (
	"id" text PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"always_authenticate" boolean DEFAULT false NOT NULL,
	"later_decline" text,
	"customer_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "test_payment_intent_one_live_idx";--> statement-breakpoint
ALTER TABLE "test_payment_intent" ADD COLUMN "payment_method_id" text;--> statement-breakpoint
ALTER TABLE "test_payment_intent" ADD COLUMN "setup_future_usage" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_customer" ADD CONSTRAINT "payment_customer_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_card" ADD CONSTRAINT "saved_card_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_card_user_idx" ON "saved_card" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_card_method_idx" ON "saved_card" USING btree ("provider","method_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "test_payment_intent_one_live_idx" ON "test_payment_intent" USING btree ("order_id") WHERE "test_payment_intent"."status" in ('requires_payment_method', 'requires_action');