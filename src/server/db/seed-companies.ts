import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Executor } from './client.ts';
import { companies, companyMembers, users } from './schema.ts';
import { seedDemoDealerPrices } from './seed-dealer-prices.ts';

/**
 * The demo trade account: a bike workshop on net-30 terms with a $5,000 credit limit, which
 * writes a PO number on every order and has dealer prices. Its VAT ID is Belgian (it passes the
 * checksum; the shop is Dutch), not verified: an admin verifies it in Companies, and until then
 * its orders to Belgium are charged VAT.
 */
export const demoCompany = {
  name: 'Velo Werkstatt Amsterdam',
  vatId: 'BE0876543270',
  poRequired: true,
  netDays: 30,
  creditLimitCents: 500_000,
};

/**
 * Its members, by the demo accounts' emails (src/server/auth/demo-accounts.ts): the owner, and
 * a buyer whose checkouts over $500 wait for the owner's approval.
 */
export const demoCompanyMembers = [
  { email: 'owner@velo-werkstatt.test', role: 'owner', spendingLimitCents: null },
  { email: 'buyer@velo-werkstatt.test', role: 'buyer', spendingLimitCents: 50_000 },
] as const;

/** The demo company with its terms and dealer prices (in the demo seed's transaction). */
export async function seedCompanyDemo(tx: Executor) {
  const [company] = await tx.insert(companies).values(demoCompany).returning();
  if (!company) throw new Error('insert returned no row');
  await seedDemoDealerPrices(tx, company.id);
}

/**
 * Puts the demo accounts in the demo company, where both exist: the accounts are made after
 * the demo data, and only by a development start. An account already in a company, or a
 * company that has an owner already, is left as it is.
 */
export async function seedCompanyDemoMembers(db: Db) {
  await db.transaction(async (tx) => {
    const [company] = await tx
      .select({ id: companies.id })
      .from(companies)
      .where(
        and(
          eq(companies.name, demoCompany.name),
          // Demo data seeded before issue 31 gave it the shop's own VAT ID.
          inArray(companies.vatId, [demoCompany.vatId, 'NL004495445B01']),
        ),
      );
    if (!company) return;
    for (const member of demoCompanyMembers) {
      const [account] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, member.email));
      if (!account) continue;
      await tx
        .insert(companyMembers)
        .values({
          userId: account.id,
          companyId: company.id,
          role: member.role,
          spendingLimitCents: member.spendingLimitCents,
        })
        .onConflictDoNothing();
    }
  });
}
