import type { CurrentUser } from '../../auth/current-user.ts';
import type { ReadCache } from '../../cache/read-cache.ts';
import type { Db, Executor } from '../../db/client.ts';
import { retryTransaction } from '../../db/retry-transaction.ts';
import type { ShopEvents } from '../../metrics/shop-metrics.ts';
import type { AddressRow } from '../../modules/addresses/repository.ts';
import type { Membership } from '../../modules/companies/membership.ts';
import {
  linkOrderToQuote,
  lockCustomerOrders,
  type OrderLimits,
} from '../../modules/orders/repository.ts';
import { memberPricing } from './member-pricing.ts';
import { emitOrderEvent } from './order-events.ts';
import { orderAddresses, priceOrderDelivery } from './price-delivery.ts';
import { reserveOrder, type LineProblem, type WantedLine } from './reserve-order.ts';
import { settleOnAccount, type AccountChoice } from './settle-on-account.ts';

/** What every way of placing an order is given by the app. */
export type PlaceDeps = { db: Db; cache: ReadCache; limits: OrderLimits; events: ShopEvents };

/** What an order is placed from: a checkout's cart, a purchase page's one line, or a quote. */
export type Placement = {
  lines: WantedLine[];
  /** The buyer's company membership, read by the caller (null: none, or a quote asked alone). */
  membership: Membership | null;
  /** Where it ships; without an address the order waits for one (PUT /orders/{id}/shipping). */
  shipTo: AddressRow | undefined;
  billingAddressId?: string;
  /** The method chosen at checkout; without one, the cheapest offered for the ship-to. */
  methodId?: string;
  /** To be charged to the company's account (a checkout's choice). */
  account?: AccountChoice;
  /** The trade quote whose agreed prices the lines carry: no dealer or ladder price then. */
  quoteId?: string;
  /** Backordered lines wait so that the order ships in one go (a checkout's choice). */
  shipTogether?: boolean;
};

/**
 * Runs the work of placing an order: one transaction (retried on a serialization failure or a
 * deadlock) inside the read cache's write for products, since stock shown in the catalogue
 * changes with every order.
 */
export const placingTransaction = <T>(
  { db, cache }: Pick<PlaceDeps, 'db' | 'cache'>,
  work: (tx: Executor) => Promise<T>,
) => cache.write('product', () => retryTransaction(() => db.transaction(work)), 'stock');

/**
 * Places one order in the caller's transaction, the one way every path does it: under the
 * customer's lock, with the addresses copied, priced at the member's prices (or the quote's),
 * every line reserved or none, shipping and tax priced with the products locked, and then held
 * for approval or charged to the account where that applies. A refusal that is the buyer's to
 * fix (a line short, under its minimum, gone) is answered, not thrown, with nothing written.
 */
export async function placeOrder(
  tx: Executor,
  { cache, limits }: Pick<PlaceDeps, 'cache' | 'limits'>,
  user: CurrentUser,
  placement: Placement,
) {
  const { lines, membership, shipTo, methodId, account, quoteId } = placement;
  // Re-entrant: a checkout took it already, to look its key up with nothing in between.
  await lockCustomerOrders(tx, user.id);
  const addresses =
    shipTo && (await orderAddresses(tx, user.id, shipTo, placement.billingAddressId));
  const productIds = lines.map((line) => line.productId);
  const pricing = quoteId ? undefined : await memberPricing(tx, user.id, productIds, membership);
  const company = membership ?? undefined;
  const reserved = await reserveOrder(
    tx,
    {
      ...user,
      companyId: membership?.companyId ?? null,
      account,
      shipTogether: placement.shipTogether,
    },
    lines,
    limits,
    addresses &&
      ((goods) =>
        priceOrderDelivery(tx, user.id, goods, { ...addresses, methodId, company }, cache)),
    pricing,
    // A quote is accepted only once the shop answered it: its quantities are the shop's offer.
    { shopOffer: quoteId !== undefined },
  );
  if (!reserved.placed) return reserved;
  const row = quoteId ? await linkOrderToQuote(tx, reserved.row.id, quoteId) : reserved.row;
  if (!row) throw new Error(`order ${reserved.row.id} went while it was placed`);
  const settled = await settleOnAccount(
    tx,
    { ...reserved, row },
    membership,
    account,
    user,
    limits.approvalHoldHours,
  );
  await emitOrderEvent(tx, 'order.placed', settled.row);
  return settled;
}

const named = (p: LineProblem) => (p.sku ? `${p.sku} ${p.name}` : 'A part');

/** One sentence naming every line that cannot be ordered, and saying nothing was reserved. */
export function refusalMessage(problems: LineProblem[]) {
  const short = problems.filter((p) => p.kind === 'short');
  const others = problems.filter((p) => p.kind !== 'short');
  const parts = [
    ...(short.length > 0
      ? [`Not enough stock for ${short.map((p) => `${named(p)} (${p.left} left)`).join(', ')}`]
      : []),
    ...others.map((p) => `${named(p)}: ${p.message}`),
  ];
  return `${parts.join('. ')}. Nothing was reserved: change these lines and check out again.`;
}
