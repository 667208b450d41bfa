import { AppError } from '../../errors.ts';

// Why an order cannot be deleted or placed, or a part deleted, in the words the customer reads.

export const paidOrderUndeletable = () =>
  new AppError('conflict', 'A paid order cannot be deleted.');

export const paymentUnderWay = () =>
  new AppError(
    'conflict',
    "This order's payment is under way, so it cannot be deleted now. If the payment goes through the order is paid; otherwise try again in a few minutes.",
  );

export const tooManyUnpaid = (max: number) =>
  new AppError(
    'conflict',
    `You have ${max} unpaid ${max === 1 ? 'order' : 'orders'}. Pay or delete one before placing another.`,
  );

/** Order numbers named in one refusal; more are counted, not listed. */
const NAMED_ORDERS = 10;

/**
 * A part that unpaid orders hold stays until they are paid, deleted or expired: deleting it
 * would leave a customer paying for a part the shop no longer has.
 */
export function partHeldByUnpaidOrders(numbers: readonly number[]) {
  const named = numbers.slice(0, NAMED_ORDERS).map((n) => `#${n}`);
  const more = numbers.length - named.length;
  const list = more > 0 ? `${named.join(', ')} and ${more} more` : named.join(', ');
  const one = numbers.length === 1;
  return new AppError(
    'conflict',
    `${one ? 'Unpaid order' : 'Unpaid orders'} ${list} still ${one ? 'holds' : 'hold'} this part: wait until ${one ? 'it is' : 'they are'} paid, deleted or expired, then delete it.`,
  );
}
