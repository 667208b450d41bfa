CREATE TABLE "return_line" (
	"return_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"product_id" uuid,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"reason" text NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"restocked" integer DEFAULT 0 NOT NULL,
	"scrapped" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "return_line_return_id_line_no_pk" PRIMARY KEY("return_id","line_no"),
	CONSTRAINT "return_line_quantity_positive" CHECK ("return_line"."quantity" >= 1),
	CONSTRAINT "return_line_received_within" CHECK ("return_line"."restocked" >= 0 and "return_line"."scrapped" >= 0 and "return_line"."restocked" + "return_line"."scrapped" <= "return_line"."quantity"),
	CONSTRAINT "return_line_reason_known" CHECK ("return_line"."reason" in ('wrong_part', 'damaged', 'not_needed', 'warranty'))
);
--> statement-breakpoint
CREATE TABLE "return_request" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"order_id" uuid NOT NULL,
	"order_number" bigint NOT NULL,
	"order_user_id" text NOT NULL,
	"requested_by_id" text NOT NULL,
	"requested_by_email" text NOT NULL,
	"requested_by_name" text NOT NULL,
	"company_id" uuid,
	"status" text DEFAULT 'requested' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"instructions" text,
	"approved_at" timestamp with time zone,
	"approved_by" text,
	"reject_reason" text,
	"rejected_at" timestamp with time zone,
	"rejected_by" text,
	"received_at" timestamp with time zone,
	"received_by" text,
	"credit_note_number" text,
	"refund_cents" integer,
	"refund_method" text,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "return_request_number_unique" UNIQUE("number"),
	CONSTRAINT "return_request_credit_note_number_unique" UNIQUE("credit_note_number"),
	CONSTRAINT "return_request_status_known" CHECK ("return_request"."status" in ('requested', 'approved', 'rejected', 'received')),
	CONSTRAINT "return_request_received_is_credited" CHECK (("return_request"."status" = 'received') = ("return_request"."credit_note_number" is not null))
);
--> statement-breakpoint
ALTER TABLE "return_line" ADD CONSTRAINT "return_line_return_id_return_request_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."return_request"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_request" ADD CONSTRAINT "return_request_order_id_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_request" ADD CONSTRAINT "return_request_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "return_request_order_idx" ON "return_request" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "return_request_created_idx" ON "return_request" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "return_request_status_idx" ON "return_request" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "return_request_company_idx" ON "return_request" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "return_request_user_idx" ON "return_request" USING btree ("order_user_id","created_at");