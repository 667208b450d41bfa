import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { companies } from '../../db/schema.ts';

/**
 * Sets the company's VAT ID. It stays verified only while it is the same one (decided in the
 * one statement, so a verification made meanwhile never carries over to a new VAT ID);
 * `confirmed` verifies it (VIES said so).
 */
export async function setCompanyVatId(
  tx: Executor,
  companyId: string,
  vatId: string,
  confirmed: boolean,
) {
  await tx
    .update(companies)
    .set({
      vatId,
      vatIdVerified: sql`(${companies.vatId} = ${vatId} and ${companies.vatIdVerified}) or ${confirmed}`,
      updatedAt: new Date(),
    })
    .where(eq(companies.id, companyId));
}
