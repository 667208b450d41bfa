import { count, eq, sql } from 'drizzle-orm';
import type { TierCents } from '../../../contract/price-ladder.ts';
import { recordAudit, type AuditActor } from '../../audit/record.ts';
import type { Executor } from '../../db/client.ts';
import { companies, companyPrices } from '../../db/schema.ts';
import { companyNamedIn } from './company-named.ts';
import { ownLaddersText } from './price-list.ts';

// A dealer-prices import's side of a company's prices: its own ladders set product by product
// (the form replaces the whole set; a file sets the lines it has and leaves the others).

/** The company a dealer-prices file is for, with how many own ladders it has; a 400 if none. */
export async function companyForPrices(db: Executor, companyId: string) {
  const company = await companyNamedIn(db, 'companyId', companyId);
  const [own] = await db
    .select({ n: count() })
    .from(companyPrices)
    .where(eq(companyPrices.companyId, company.id));
  return { ...company, ownLadders: own?.n ?? 0 };
}

/**
 * The company locked for the apply, as the form locks it to save, so a form saved meanwhile
 * and the file do not interleave. Undefined once the company is gone.
 */
export async function lockCompanyForPrices(tx: Executor, companyId: string) {
  const [company] = await tx
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('update');
  return company;
}

/**
 * Sets the company's own ladders for these products, one statement a batch; a product deleted
 * since the check is left out (it has no prices to keep).
 */
export async function setOwnLadders(
  tx: Executor,
  companyId: string,
  ladders: readonly { productId: string; tiers: readonly TierCents[] }[],
) {
  if (ladders.length === 0) return;
  const rows = ladders.map(({ productId, tiers }) => ({ product_id: productId, tiers }));
  await tx.execute(sql`
    insert into company_price (company_id, product_id, tiers)
    select ${companyId}::uuid, r.product_id, r.tiers
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(product_id uuid, tiers jsonb)
    where exists (select 1 from product p where p.id = r.product_id)
    on conflict (company_id, product_id)
      do update set tiers = excluded.tiers, updated_at = now()`);
}

/** The line the form writes to the audit trail, written for a file: which ladders it set. */
export async function recordImportedPrices(
  tx: Executor,
  actor: AuditActor,
  company: { id: string; name: string },
  importId: string,
  ladders: { named: { sku: string; tiers: TierCents[] }[]; total: number },
) {
  await recordAudit(tx, actor, {
    action: 'company.prices',
    targetType: 'company',
    targetId: company.id,
    summary: `Set the dealer prices of ${company.name} by import ${importId}: ${ownLaddersText(ladders.named, ladders.total)}`,
  });
}
