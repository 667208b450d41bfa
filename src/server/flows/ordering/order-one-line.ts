import { minimumMessage } from '../../../contract/order-rules.ts';
import type { OrderInput } from '../../../contract/orders.ts';
import type { CurrentUser } from '../../auth/current-user.ts';
import { AppError, notFound } from '../../errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { findDefaultAddress } from '../../modules/addresses/repository.ts';
import { findMembership } from '../../modules/companies/membership.ts';
import { toOrder } from '../../modules/orders/present.ts';
import { placeOrder, placingTransaction, type PlaceDeps } from '../steps/place-order.ts';

/**
 * The spec's purchase page: one product, one line, priced by its ladder. It ships to the
 * account's default shipping address by the cheapest method offered for it; without either,
 * the order waits for one (PUT /orders/{id}/shipping) and cannot be paid before.
 */
export async function orderOneLine(deps: PlaceDeps, user: CurrentUser, input: OrderInput) {
  if (!isUuid(input.productId)) throw notFound('Product');
  const result = await placingTransaction(deps, async (tx) =>
    placeOrder(tx, deps, user, {
      lines: [{ productId: input.productId, quantity: input.quantity }],
      membership: (await findMembership(tx, user.id)) ?? null,
      shipTo: await findDefaultAddress(tx, user.id, 'shipping'),
    }),
  );
  if (result.placed) return toOrder(result.row, result.lines, result.extras);
  const [problem] = result.problems;
  if (!problem || problem.kind === 'gone') throw notFound('Product');
  if (problem.kind === 'short') throw new AppError('conflict', problem.message);
  const said =
    problem.kind === 'under' && problem.moq ? minimumMessage(problem.moq) : problem.message;
  throw new AppError('bad_request', said);
}
