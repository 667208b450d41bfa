import type { QuotesQuery } from '../../../contract/quotes.ts';
import type { CurrentUser } from '../../auth/current-user.ts';
import type { Executor } from '../../db/client.ts';
import { isUuid } from '../../lib/ids.ts';
import { pageOf } from '../../lib/paging.ts';
import { findMembership } from '../../modules/companies/membership.ts';
import { toQuote } from '../../modules/quotes/present.ts';
import {
  findQuote,
  listQuotes,
  viewsOf,
  type QuoteScope,
} from '../../modules/quotes/repository.ts';
import { visibleQuote, type Viewer } from '../../modules/quotes/service.ts';

/** Who is asking about quotes, with their membership (read once per call). */
export async function viewerOf(db: Executor, user: CurrentUser) {
  const membership = await findMembership(db, user.id);
  const viewer: Viewer = {
    userId: user.id,
    admin: user.role === 'admin',
    companyId: membership?.companyId,
  };
  return { viewer, membership };
}

/**
 * The quotes a list shows: every one to a shop admin; to anyone else, the quotes of their
 * company and those they asked for without one (the ones they may open: see visibleQuote).
 */
const scopeOf = (v: Viewer): QuoteScope =>
  v.admin ? { all: true } : { userId: v.userId, companyId: v.companyId };

export async function browseQuotes(db: Executor, user: CurrentUser, query: QuotesQuery) {
  const { viewer } = await viewerOf(db, user);
  const { rows, total } = await listQuotes(db, scopeOf(viewer), {
    status: query.status,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  const now = new Date();
  const data = (await viewsOf(db, rows)).map((view) => toQuote(view, now));
  return pageOf(data, total, query.page, query.limit);
}

export async function readQuote(db: Executor, user: CurrentUser, id: string) {
  const { viewer } = await viewerOf(db, user);
  const row = visibleQuote(isUuid(id) ? await findQuote(db, id) : undefined, viewer);
  const [view] = await viewsOf(db, [row]);
  return toQuote(view!);
}
