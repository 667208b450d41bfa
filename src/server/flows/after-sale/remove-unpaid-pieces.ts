import type { CancelInput } from '../../../contract/order-delivery.ts';
import { centsToDollars, formatDollars } from '../../../contract/money.ts';
import {
  lineTotalCents,
  quantityProblem,
  reducedUnitPriceCents,
} from '../../../contract/price-ladder.ts';
import { recordAudit } from '../../audit/record.ts';
import type { CurrentUser } from '../../auth/current-user.ts';
import type { ReadCache } from '../../cache/read-cache.ts';
import type { Executor } from '../../db/client.ts';
import { retryTransaction } from '../../db/retry-transaction.ts';
import { AppError, notFound } from '../../errors.ts';
import { lockProducts } from '../../modules/catalog/repository.ts';
import { tiersFor } from '../../modules/companies/prices.ts';
import { orderSummary } from '../../modules/orders/order-summary.ts';
import { piecesAskedByLine } from '../../modules/orders/pieces-asked.ts';
import { presentOrder } from '../../modules/orders/present.ts';
import {
  linesOfOrders,
  lockOrder,
  type OrderLineRow,
  type OrderRow,
} from '../../modules/orders/repository.ts';
import { addOrderEvent } from '../../modules/orders/timeline.ts';
import {
  repriceUnpaidOrder,
  writeSmallerLines,
  type SmallerLine,
} from '../../modules/orders/unpaid-lines.ts';
import { orderExpired } from '../../modules/payments/refusals.ts';
import { accountActor } from '../../modules/stock/ledger.ts';
import { memberPricing } from '../steps/member-pricing.ts';
import { moveStockAndTell } from '../steps/move-stock.ts';
import { orderCompany } from '../steps/order-company.ts';
import { orderGoods } from '../steps/order-goods.ts';
import type { PaymentDeps } from '../steps/payment-deps.ts';
import { priceOrderDelivery } from '../steps/price-delivery.ts';
import { stopPaymentOfUnpaid } from '../steps/unpaid-change.ts';

// The buyer may cancel pieces of an order before paying for it (an admin too): nothing has been
// charged or invoiced, so there is no credit note. The lines become smaller, priced again at the
// smaller quantity's tier (a 100-piece price is not kept for 10), and the order's shipping and
// tax are priced again with them; what they held goes back to the shelf through the ledger.

type Deps = PaymentDeps & { cache: ReadCache };
type Asked = NonNullable<CancelInput['lines']>;

const dollars = (cents: number) => formatDollars(centsToDollars(cents));

const notUnpaid = () =>
  new AppError('conflict', 'This order is no longer unpaid: reload it to see where it stands.');

const paymentUnderWay = () =>
  new AppError(
    'conflict',
    'A payment for this order is under way, so its lines can no longer change. Reload the order to see it.',
  );

const lineName = (line: OrderLineRow) => `Line ${line.lineNo} (${line.sku}, ${line.productName})`;

/** The pieces asked for, summed by line: every piece of the order is a 400 (that is a delete). */
function piecesByLine(lines: readonly OrderLineRow[], asked: Asked) {
  const byLine = piecesAskedByLine(
    lines.map((line) => ({ line, most: line.quantity })),
    asked,
  );
  if (lines.every((line) => byLine.get(line.lineNo) === line.quantity)) {
    throw new AppError(
      'bad_request',
      'That is every piece of this order: delete the order from My Orders instead.',
    );
  }
  return byLine;
}

/**
 * Each line asked for, made smaller: its quantity still one the part is sold in (a 400 that
 * says so otherwise), its price moved by the buyer's ladder, and the pieces taken off awaited
 * ones first, so that only what was on the shelf goes back to it.
 */
async function smallerLines(
  tx: Executor,
  order: OrderRow,
  lines: readonly OrderLineRow[],
  byLine: ReadonlyMap<number, number>,
) {
  const changing = lines.filter((line) => byLine.has(line.lineNo));
  const ids = changing.flatMap((line) => (line.productId ? [line.productId] : []));
  const products = new Map((await lockProducts(tx, ids)).map((p) => [p.id, p]));
  // The buyer's prices, whoever cancels: an agreed quote price stays as it was.
  const pricing = order.quoteId ? undefined : await memberPricing(tx, order.userId, ids);
  return changing.map((line) => {
    const removed = byLine.get(line.lineNo)!;
    const quantity = line.quantity - removed;
    const product = line.productId ? products.get(line.productId) : undefined;
    const rule = product && quantity > 0 && quantityProblem(product, quantity);
    if (rule) {
      throw new AppError('bad_request', `${lineName(line)}: ${quantity} would be left. ${rule}.`);
    }
    const ladder = product && !order.quoteId ? tiersFor(product, pricing) : undefined;
    const unit = reducedUnitPriceCents(line.unitPriceCents, ladder, line.quantity, quantity);
    const awaited = Math.min(line.backordered, removed);
    const fromShelf = removed - awaited;
    const smaller: SmallerLine = {
      lineNo: line.lineNo,
      quantity,
      unitPriceCents: unit,
      lineTotalCents: lineTotalCents(unit, quantity),
      reserved: Math.max(0, line.reserved - fromShelf),
      backordered: line.backordered - awaited,
    };
    return { line, removed, fromShelf, smaller };
  });
}

/** The order's delivery for its smaller goods: the same method while it is still offered. */
async function priceAgain(tx: Executor, order: OrderRow) {
  if (!order.shippingAddress || !order.billingAddress) return undefined;
  const goods = await orderGoods(tx, order.id);
  const company = await orderCompany(tx, order);
  const where = { shipTo: order.shippingAddress, billing: order.billingAddress, company };
  const methodId = order.shippingMethodId ?? undefined;
  const delivery = await priceOrderDelivery(tx, order.userId, goods, { ...where, methodId }).catch(
    // A lighter or cheaper parcel can fall out of its method's rules: the cheapest offered then.
    (error: unknown) => {
      if (!(error instanceof AppError) || error.kind !== 'bad_request') throw error;
      return priceOrderDelivery(tx, order.userId, goods, where);
    },
  );
  return delivery;
}

async function removeInDatabase(
  tx: Executor,
  user: CurrentUser,
  seen: OrderRow,
  input: CancelInput & { lines: Asked },
) {
  const order = await lockOrder(tx, seen.id);
  if (!order) throw notFound('Order');
  if (order.status !== 'unpaid') throw notUnpaid();
  if (order.holdUntil.getTime() <= Date.now()) throw orderExpired();
  if (order.paymentIntentId !== seen.paymentIntentId) throw paymentUnderWay();
  if (order.quoteId && user.role !== 'admin') {
    throw new AppError(
      'conflict',
      "This order is the shop's quote at its quantities: ask the shop to change it, or delete the order.",
    );
  }
  const lines = (await linesOfOrders(tx, [order.id])).get(order.id) ?? [];
  const changes = await smallerLines(tx, order, lines, piecesByLine(lines, input.lines));
  const smaller = new Map(changes.map((c) => [c.line.lineNo, c.smaller]));
  const kept = lines
    .map((line) => ({ ...line, ...smaller.get(line.lineNo) }))
    .filter((line) => line.quantity > 0);
  // Written first: the delivery is priced again by weighing the lines as they now are.
  await writeSmallerLines(tx, order.id, [...smaller.values()]);
  const summary = orderSummary(kept);
  const delivery = await priceAgain(tx, order);
  const row = await repriceUnpaidOrder(tx, order.id, {
    ...summary,
    grandTotalCents: summary.totalCents,
    ...delivery,
  });
  if (!row) throw notUnpaid();
  const reason =
    input.reason ?? (user.role === 'admin' ? 'Cancelled by the shop' : 'Cancelled by the buyer');
  await moveStockAndTell(
    tx,
    changes.flatMap(({ line, fromShelf }) =>
      line.productId && fromShelf > 0
        ? [
            {
              productId: line.productId,
              delta: fromShelf,
              reason: 'released' as const,
              orderId: order.id,
              actor: accountActor(user),
              note: `Order #${order.number}: ${fromShelf} cancelled before payment (${reason})`,
            },
          ]
        : [],
    ),
  );
  const contents = changes.map((c) => `${c.removed} × ${c.line.productName}`).join(', ');
  const detail = `${contents} cancelled (${reason}); ${dollars(row.grandTotalCents)} in all now`;
  await addOrderEvent(tx, order.id, 'pieces_cancelled', detail);
  await recordAudit(tx, user, {
    action: 'order.cancel',
    targetType: 'order',
    targetId: order.id,
    summary: `Cancelled ${contents} of unpaid order #${order.number} of ${order.email}, ${dollars(order.grandTotalCents)} now ${dollars(row.grandTotalCents)}: ${reason}`,
  });
  return row;
}

/**
 * Cancels pieces of an unpaid order. A payment started for the old amount is cancelled first,
 * so it can never take money for a total the order no longer has; if it has taken money already
 * the order stays as it was (409) and that payment settles it.
 */
export async function removeUnpaidPieces(
  deps: Deps,
  user: CurrentUser,
  seen: OrderRow,
  input: CancelInput & { lines: Asked },
) {
  await stopPaymentOfUnpaid(deps, seen, paymentUnderWay);
  const row = await deps.cache.write(
    'product',
    () =>
      retryTransaction(() => deps.db.transaction((tx) => removeInDatabase(tx, user, seen, input))),
    'stock',
  );
  return presentOrder(deps.db, row);
}
