import type { FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { Endpoint, Field, Owns } from '../../contract/endpoint.ts';
import type { Guards } from '../auth/guards.ts';
import { AppError, notFound } from '../errors.ts';
import { isUuid } from '../lib/ids.ts';

/** Whose an order is: the account that placed it, and the company it was placed for. */
export type OrderOwner = { userId: string; companyId: string | null };

/**
 * How the guard finds who owns a stored object (undefined if none), and the company an account
 * belongs to now: a company's members share its orders, and a member who left no longer does.
 */
export type OwnerLookups = {
  order: (id: string) => Promise<OrderOwner | undefined>;
  companyOf?: (userId: string) => Promise<string | undefined>;
};

/** The order is the caller's: they placed it, or it is their company's and they are in it. */
async function ownsOrder(owner: OrderOwner, userId: string, lookups: OwnerLookups) {
  if (owner.userId === userId) return true;
  if (owner.companyId === null || !lookups.companyOf) return false;
  return (await lookups.companyOf(userId)) === owner.companyId;
}

const NOT_YOURS = {
  account: 'You can only do this for your own account.',
  order: 'This order belongs to another customer.',
};

/** The value of `params.id` or `body.email` in the validated request. */
function valueAt(request: FastifyRequest, field: Field) {
  const [part, key] = field.split('.') as ['params' | 'query' | 'body', string];
  const value = (request[part] as Record<string, unknown> | undefined)?.[key];
  return typeof value === 'string' ? value : '';
}

/**
 * The check of an `owner` or `ownerOrAdmin` endpoint, run after its input is validated and
 * before its handler: the object its entry `owns` names is looked up, and the caller must own
 * it (or, where allowed, be an admin). One rule for every such endpoint, written once.
 */
export function ownerGuard(
  e: Endpoint & { owns: Owns },
  guards: Guards,
  lookups: OwnerLookups,
): preHandlerHookHandler {
  const adminToo = e.access === 'ownerOrAdmin';
  const { owns } = e;
  return async (request) => {
    const user = await guards.requireUser(request);
    if ('account' in owns) {
      const named = valueAt(request, owns.account).toLowerCase();
      if (user.email === named || (adminToo && user.role === 'admin')) return;
      throw new AppError('forbidden', owns.refusal ?? NOT_YOURS.account);
    }
    const id = valueAt(request, owns.order);
    const owner = isUuid(id) ? await lookups.order(id) : undefined;
    if (owner === undefined) {
      if (owns.missing === 'handler') return;
      throw notFound('Order');
    }
    if (adminToo && user.role === 'admin') return;
    if (!(await ownsOrder(owner, user.id, lookups))) {
      throw new AppError('forbidden', NOT_YOURS.order);
    }
  };
}
