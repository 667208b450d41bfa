CREATE TABLE "saved_list_line" (
	"list_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_list_line_list_id_product_id_pk" PRIMARY KEY("list_id","product_id"),
	CONSTRAINT "saved_list_line_quantity_positive" CHECK ("saved_list_line"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "saved_list" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"company_id" uuid,
	"name" text NOT NULL,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_list_one_owner" CHECK (("saved_list"."user_id" is null) <> ("saved_list"."company_id" is null)),
	CONSTRAINT "saved_list_name_length" CHECK (char_length("saved_list"."name") between 1 and 80)
);
--> statement-breakpoint
ALTER TABLE "saved_list_line" ADD CONSTRAINT "saved_list_line_list_id_saved_list_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."saved_list"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_list" ADD CONSTRAINT "saved_list_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_list" ADD CONSTRAINT "saved_list_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_list_user_idx" ON "saved_list" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "saved_list_company_idx" ON "saved_list" USING btree ("company_id");