import type { ReadCache } from '../../cache/read-cache.ts';
import type { Db } from '../../db/client.ts';
import type { Handlers } from '../../http/handler.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { approveOrder, listApprovals, rejectOrder } from './decisions.ts';

type Deps = { db: Db; cache: ReadCache; mailer: Mailer; holdMinutes: number };

/** Spending limits: the company's owner or an admin approves or rejects an order that waits. */
export const approvalHandlers = (
  deps: Deps,
): Handlers<'approveOrder' | 'rejectOrder' | 'listApprovals'> => ({
  approveOrder: ({ user, params, body, request }) =>
    approveOrder({ ...deps, log: request.log }, user, params.id, body ?? {}),
  rejectOrder: ({ user, params, body, request }) =>
    rejectOrder({ ...deps, log: request.log }, user, params.id, body),
  listApprovals: ({ user }) => listApprovals(deps.db, user),
});
