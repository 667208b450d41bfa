import type { CurrentUser } from '../../auth/current-user.ts';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { findMembership } from '../../modules/companies/membership.ts';
import { findReturn, type ReturnRow, type ReturnScope } from '../../modules/returns/repository.ts';

/** Whose returns the caller sees: every one (an admin, an API key), else theirs and their company's. */
export async function returnScopeOf(db: Executor, user: CurrentUser): Promise<ReturnScope> {
  if (user.role === 'admin') return { all: true };
  const membership = await findMembership(db, user.id);
  return { userId: user.id, companyId: membership?.companyId };
}

const mayOpen = (row: ReturnRow, scope: ReturnScope) =>
  'all' in scope ||
  row.orderUserId === scope.userId ||
  row.requestedById === scope.userId ||
  (row.companyId !== null && row.companyId === scope.companyId);

/** The return if the caller may see it; anyone else hears 404, not that it exists. */
export async function visibleReturn(db: Executor, user: CurrentUser, id: string) {
  const row = isUuid(id) ? await findReturn(db, id) : undefined;
  if (!row || !mayOpen(row, await returnScopeOf(db, user))) throw notFound('Return');
  return row;
}
