import type { CheckoutInput } from '../../../contract/order-delivery.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Membership } from '../../modules/companies/membership.ts';
import { noTerms, poNumberMissing } from '../../modules/credit/refusals.ts';
import type { OrderExtras } from '../../modules/orders/present.ts';
import type { OrderRow } from '../../modules/orders/repository.ts';
import { timelinesOfOrders } from '../../modules/orders/timeline.ts';
import { holdForApproval, needsApproval } from './hold-for-approval.ts';
import { chargeToAccount, type ChargeActor } from './charge-to-account.ts';

// The trade-account steps of a checkout: who the order is for, whether it waits for approval,
// and charging it to the company's account, all in the checkout's transaction.

/** Set when the checkout is to be charged to the company's account: the PO number given. */
export type AccountChoice = { poNumber: string | null };

const noCompany = () =>
  new AppError(
    'conflict',
    'Only a member of a company with terms can charge to an account: pay by card.',
  );

/**
 * What the checkout asks of the account, checked before any stock is reserved (the terms and
 * the PO number; the credit is checked under the company's lock when charging). Undefined for
 * a card checkout.
 */
export function accountChoice(
  membership: Membership | null,
  choice: Pick<Partial<CheckoutInput>, 'paymentMethod' | 'poNumber'>,
): AccountChoice | undefined {
  if (choice.paymentMethod !== 'account') return undefined;
  if (!membership) throw noCompany();
  if (membership.netDays === null) throw noTerms();
  const poNumber = choice.poNumber?.trim() || null;
  if (membership.poRequired && !poNumber) throw poNumberMissing();
  return { poNumber };
}

type Placed = { row: OrderRow; extras: OrderExtras };

/**
 * After pricing: an order over the buyer's spending limit waits for approval (and is charged to
 * the account only once approved); otherwise one on account is charged now. A refusal (no
 * credit, an invoice overdue) rolls the whole checkout back: nothing is reserved.
 */
export async function settleOnAccount<P extends Placed>(
  tx: Executor,
  placed: P,
  membership: Membership | null,
  account: AccountChoice | undefined,
  actor: ChargeActor,
  approvalHoldHours: number,
): Promise<P> {
  let row: OrderRow;
  if (membership && needsApproval(membership, placed.row.grandTotalCents)) {
    row = await holdForApproval(tx, placed.row, membership, approvalHoldHours);
  } else if (membership && account) {
    row = await chargeToAccount(tx, placed.row, membership, account.poNumber, actor);
  } else {
    return placed;
  }
  const timeline = (await timelinesOfOrders(tx, [row.id])).get(row.id) ?? [];
  return { ...placed, row, extras: { ...placed.extras, timeline } };
}
