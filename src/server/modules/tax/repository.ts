import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { TaxRateRule } from '../../../contract/tax-rules.ts';
import type { Executor } from '../../db/client.ts';
import { accountTax, taxRates } from '../../db/schema.ts';
import { isUuid } from '../../lib/ids.ts';

export type TaxRateRow = typeof taxRates.$inferSelect;
export type TaxRateValues = Pick<
  typeof taxRates.$inferInsert,
  'country' | 'region' | 'rateMilli' | 'name'
>;
export type TaxRateCents = TaxRateRule & { id: string };

// The table keeps '' for "the whole country" (so the unique index covers it); the rules and
// the API say null.
export const toTaxRate = (row: TaxRateRow): TaxRateCents => ({
  id: row.id,
  country: row.country,
  region: row.region === '' ? null : row.region,
  rateMilli: row.rateMilli,
  name: row.name,
});

/** The rates that can apply to an address in this country: the country's and its regions'. */
export async function listTaxRatesFor(db: Executor, country: string): Promise<TaxRateCents[]> {
  const rows = await db.select().from(taxRates).where(eq(taxRates.country, country));
  return rows.map(toTaxRate);
}

export async function listTaxRates(db: Executor): Promise<TaxRateCents[]> {
  const rows = await db
    .select()
    .from(taxRates)
    .orderBy(asc(taxRates.country), asc(taxRates.region), asc(taxRates.id));
  return rows.map(toTaxRate);
}

export async function findTaxRate(db: Executor, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(taxRates).where(eq(taxRates.id, id));
  return row && toTaxRate(row);
}

export async function insertTaxRate(db: Executor, values: TaxRateValues) {
  const [row] = await db.insert(taxRates).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return toTaxRate(row);
}

export async function updateTaxRate(db: Executor, id: string, values: TaxRateValues) {
  const [row] = await db
    .update(taxRates)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(taxRates.id, id))
    .returning();
  return row && toTaxRate(row);
}

export async function deleteTaxRate(db: Executor, id: string) {
  const [row] = await db.delete(taxRates).where(eq(taxRates.id, id)).returning();
  return row && toTaxRate(row);
}

/** Whether a failed write broke (country, region)'s unique index (through Drizzle's wrappers). */
export function isPlaceClash(err: unknown) {
  let current: unknown = err;
  for (let depth = 0; depth < 6 && current instanceof Error; depth++) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505') return constraint === 'tax_rate_place_idx';
    current = current.cause;
  }
  return false;
}

export type AccountTax = {
  companyName: string;
  vatId: string;
  vatIdVerified: boolean;
  taxExempt: boolean;
  exemptCertificate: string | null;
};

/** The account's company, VAT ID and exemption; undefined when it has never set any. */
export async function findAccountTax(
  db: Executor,
  userId: string,
): Promise<AccountTax | undefined> {
  const [row] = await db
    .select({
      companyName: accountTax.companyName,
      vatId: accountTax.vatId,
      vatIdVerified: accountTax.vatIdVerified,
      taxExempt: accountTax.taxExempt,
      exemptCertificate: accountTax.exemptCertificate,
    })
    .from(accountTax)
    .where(eq(accountTax.userId, userId));
  return row;
}

/**
 * The buyer's own details; an exemption an admin set stays as it is. The VAT ID stays verified
 * only while it is the same one (decided in the one statement, so no verification made
 * meanwhile carries over to a new VAT ID); `confirmed` verifies it (VIES said so).
 */
export const upsertTaxDetails = (
  db: Executor,
  userId: string,
  details: { companyName: string; vatId: string },
  confirmed: boolean,
) =>
  db
    .insert(accountTax)
    .values({ userId, ...details, vatIdVerified: confirmed })
    .onConflictDoUpdate({
      target: accountTax.userId,
      set: {
        ...details,
        vatIdVerified: sql`(${accountTax.vatId} = excluded.vat_id and ${accountTax.vatIdVerified}) or excluded.vat_id_verified`,
        updatedAt: new Date(),
      },
    });

/** An admin's word on the account's VAT ID; the VAT ID it was said of, or undefined for none. */
export async function updateVatVerified(db: Executor, userId: string, verified: boolean) {
  const [row] = await db
    .update(accountTax)
    .set({ vatIdVerified: verified, updatedAt: new Date() })
    .where(and(eq(accountTax.userId, userId), ne(accountTax.vatId, '')))
    .returning({ vatId: accountTax.vatId });
  return row?.vatId;
}

/** The admin's exemption; the buyer's company and VAT ID stay as they are. */
export const upsertTaxExempt = (
  db: Executor,
  userId: string,
  exempt: { taxExempt: boolean; exemptCertificate: string | null },
) =>
  db
    .insert(accountTax)
    .values({ userId, ...exempt })
    .onConflictDoUpdate({ target: accountTax.userId, set: { ...exempt, updatedAt: new Date() } });
