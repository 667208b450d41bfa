-- Issue 31. A VAT ID that passes its checksum proves its format only: reverse charge now waits
-- until it is verified (by an admin, or by VIES), for an account and for a company. Every VAT ID
-- kept so far starts unverified.
ALTER TABLE "company" ADD COLUMN "vat_id_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "account_tax" ADD COLUMN "vat_id_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A payment's reference is unique per company, whatever its case: the same transfer recorded
-- twice counted its money twice. Until now the reference lived in "note" only.
ALTER TABLE "credit_ledger_entry" ADD COLUMN "reference" text;--> statement-breakpoint
-- Payments already recorded keep their reference, the first of each one only: a reference
-- recorded again before this migration stays in its note (the money stays on the ledger, for an
-- admin to correct with an adjustment) and no longer blocks the index.
UPDATE "credit_ledger_entry" AS "e" SET "reference" = "e"."note"
WHERE "e"."type" = 'payment' AND "e"."note" <> '' AND NOT EXISTS (
  SELECT 1 FROM "credit_ledger_entry" AS "f"
  WHERE "f"."company_id" = "e"."company_id" AND "f"."type" = 'payment'
    AND lower("f"."note") = lower("e"."note") AND "f"."id" < "e"."id"
);--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_entry_reference_idx" ON "credit_ledger_entry" USING btree ("company_id",lower("reference")) WHERE "credit_ledger_entry"."reference" is not null;
