import { z } from 'zod';
import { creditEntryTypes } from './company-kinds.ts';
import { pageInfo, pagingQuery } from './common.ts';
import { dollarsField, isWholeCents } from './dollars.ts';

// A company's credit as the API shows it: its ledger (the statement), its balance, the credit
// still available and the invoices overdue. Money in dollars.

/** The longest PO number an order keeps (printed on the invoice). */
export const MAX_PO_NUMBER = 40;

/** A purchase-order number as an order takes it: trimmed, empty meaning none. */
export const poNumberField = z
  .string()
  .trim()
  .max(MAX_PO_NUMBER, `The PO number is at most ${MAX_PO_NUMBER} characters`);

/** The largest payment or adjustment one call records: more is a typing slip. */
export const MAX_LEDGER_AMOUNT = 1_000_000;

export const ledgerEntry = z.object({
  _id: z.string(),
  at: z.iso.datetime(),
  type: z.enum(creditEntryTypes),
  amount: z
    .number()
    .describe('dollars, signed: a charge adds to what is owed; payments and credit notes take off'),
  balance: z.number().describe('dollars: what the company owed after this entry'),
  orderId: z.string().nullable(),
  orderNumber: z.number().int().nullable(),
  invoiceNumber: z.string().nullable(),
  note: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntry>;

export const overdueInvoice = z.object({
  orderId: z.string(),
  orderNumber: z.number().int(),
  invoiceNumber: z.string(),
  dueAt: z.iso.datetime(),
  amount: z.number().describe('dollars still owed of it'),
});
export type OverdueInvoice = z.infer<typeof overdueInvoice>;

/** GET /companies/{id}/ledger: one page of the statement, newest first, and where it stands. */
export const companyLedger = pageInfo.extend({
  data: z.array(ledgerEntry),
  balance: z
    .number()
    .describe(
      'dollars owed: the sum of every entry; below 0, a credit balance the next invoices use',
    ),
  creditLimit: z.number(),
  available: z
    .number()
    .describe(
      'dollars: credit limit − what is owed, between 0 and the limit (a credit balance does not raise it)',
    ),
  overdue: z.number().describe('dollars overdue: past due and not covered by payments'),
  overdueInvoices: z.array(overdueInvoice),
});
export type CompanyLedger = z.infer<typeof companyLedger>;

export const companyLedgerQuery = pagingQuery.extend({
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

/** POST /companies/{id}/payments (shop admin): money received from the company. */
export const paymentInput = z.object({
  amount: dollarsField('Amount', MAX_LEDGER_AMOUNT).refine(
    (d) => d > 0,
    'Amount must be more than 0',
  ),
  reference: z
    .string()
    .trim()
    .min(1, 'Enter the payment reference')
    .max(200)
    .describe("the bank's or cheque's reference: one payment per reference and company (409)"),
  confirmLarge: z
    .boolean()
    .default(false)
    .describe(
      'true to record a payment over $100,000 or over ten times what the company owes (400 without it)',
    ),
});
export type PaymentInput = z.infer<typeof paymentInput>;

/** POST /companies/{id}/adjustments (shop admin): a signed correction, with its reason. */
export const adjustmentInput = z.object({
  amount: z
    .number({ error: 'Amount: enter an amount in dollars' })
    .min(
      -MAX_LEDGER_AMOUNT,
      `Amount must be at least -$${MAX_LEDGER_AMOUNT.toLocaleString('en-US')}`,
    )
    .max(MAX_LEDGER_AMOUNT, `Amount must be at most $${MAX_LEDGER_AMOUNT.toLocaleString('en-US')}`)
    .refine((d) => d !== 0, 'Amount cannot be 0')
    .refine(isWholeCents, 'Amount has at most 2 decimals'),
  note: z.string().trim().min(1, 'Say why the balance is adjusted').max(500),
});
export type AdjustmentInput = z.infer<typeof adjustmentInput>;

/** POST /orders/{id}/charge-to-account: an unpaid order of the caller's company, on its terms. */
export const chargeToAccountInput = z
  .object({ poNumber: poNumberField.optional() })
  // A POST without a body reaches the schema as null.
  .nullish();
export type ChargeToAccountInput = z.infer<typeof chargeToAccountInput>;
