import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { companies } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { isUuid } from '../../lib/ids.ts';

/**
 * The company a request names by id in one of its fields (a file's `companyId`, an export's
 * `company`); a 400 naming that field when no company has the id, as for any other bad value.
 */
export async function companyNamedIn(db: Executor, field: string, companyId: string) {
  const [company] = isUuid(companyId)
    ? await db
        .select({ id: companies.id, name: companies.name })
        .from(companies)
        .where(eq(companies.id, companyId))
    : [];
  if (!company) throw new AppError('bad_request', `${field}: no company has this id`);
  return company;
}
