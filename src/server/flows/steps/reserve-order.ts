import { centsToDollars, formatDollars } from '../../../contract/money.ts';
import { MAX_ORDER_TOTAL_CENTS } from '../../../contract/order-rules.ts';
import { lineTotalCents, quantityProblem, unitPriceCents } from '../../../contract/price-ladder.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { lockProducts } from '../../modules/catalog/repository.ts';
import { tiersFor, type DealerPricing } from '../../modules/companies/prices.ts';
import { assertWithinHoldCaps, readHoldings, shareLeft } from '../../modules/orders/hold-caps.ts';
import { tooManyUnpaid } from '../../modules/orders/refusals.ts';
import { insertOrderWithLines } from '../../modules/orders/insert-order.ts';
import { orderSummary } from '../../modules/orders/order-summary.ts';
import type {
  NewLine,
  NewOrder,
  OrderDeliveryValues,
  OrderLimits,
} from '../../modules/orders/repository.ts';
import type { OrderExtras } from '../../modules/orders/present.ts';
import { accountActor } from '../../modules/stock/ledger.ts';
import { moveStockAndTell } from './move-stock.ts';
import { weightOf, type Goods } from './price-delivery.ts';

/**
 * A line to reserve. `unitPriceCents`: a price agreed beforehand (an accepted quote's), which
 * the line keeps instead of the ladder's.
 */
export type WantedLine = { productId: string; quantity: number; unitPriceCents?: number };

/** Prices the order's delivery from its lines, or leaves it without one (undefined). */
export type PriceDelivery = (goods: Goods) => Promise<OrderDeliveryValues | undefined>;
/**
 * Who orders. `companyId`: the company they buy for (every member sees the order); `account`: to
 * be charged to that company's account (set at checkout, kept while it waits for approval).
 */
export type Customer = {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  companyId?: string | null;
  account?: { poNumber: string | null };
  /** Backordered lines: ship everything together once all is in (a checkout's choice). */
  shipTogether?: boolean;
};

/** Why one line cannot be ordered as it stands. */
export type LineProblem = {
  productId: string;
  sku: string;
  name: string;
  kind: 'gone' | 'under' | 'rule' | 'short';
  message: string;
  /** The part's minimum today, which an 'under' line is below. */
  moq?: number;
  /** What is left of a 'short' line's part. */
  left?: number;
};

/** "2 lines, $412.30 in all", or that the order waits for a ship-to address. */
function placedDetail(order: NewOrder, lineCount: number) {
  const lines = `${lineCount} ${lineCount === 1 ? 'line' : 'lines'}`;
  const total = formatDollars(centsToDollars(order.grandTotalCents ?? order.totalCents));
  return order.shippingAddress
    ? `${lines}, ${total} in all`
    : `${lines}, ${total}; waits for a ship-to address`;
}

const orderTooLarge = () =>
  new AppError(
    'bad_request',
    `An order can total at most ${formatDollars(centsToDollars(MAX_ORDER_TOTAL_CENTS))}. Please order fewer.`,
  );

/**
 * The step both placing an order and checking out take: reserves the stock of every line and
 * writes one order, or reserves nothing. Runs inside the caller's transaction, after the caller
 * took the customer's lock (lockCustomerOrders). The products are locked in id order, checked
 * against today's minimum, pack and stock, priced by the ladder (the contract's rule, nowhere
 * else), and only then is stock taken: a refusal has written nothing.
 */
export async function reserveOrder(
  tx: Executor,
  customer: Customer,
  wanted: WantedLine[],
  limits: OrderLimits,
  priceDelivery?: PriceDelivery,
  // A company member's dealer prices (memberPricing); without them, the list ladder.
  pricing?: DealerPricing,
  // An answered quote's lines: the shop's own offer, held to the stock, not to a buyer's share.
  { shopOffer = false }: { shopOffer?: boolean } = {},
) {
  const holdings = await readHoldings(
    tx,
    customer.id,
    wanted.map((w) => w.productId),
  );
  if (holdings.orders >= limits.maxUnpaid) throw tooManyUnpaid(limits.maxUnpaid);
  const locked = new Map(
    (
      await lockProducts(
        tx,
        wanted.map((w) => w.productId),
      )
    ).map((p) => [p.id, p]),
  );
  const problems: LineProblem[] = [];
  const lines: NewLine[] = [];
  // What may be taken from each shelf now: its stock, and for a part that allows backorders
  // no more than this account's share of it (the rest is backordered rather than refused).
  const shelfLeft = new Map<string, number>();
  const backordering = wanted
    .map((w) => w.productId)
    .filter((id) => locked.get(id)?.backorderAllowed);
  const shares = shopOffer
    ? new Map<string, number>()
    : await shareLeft(tx, holdings, locked, limits, backordering);
  for (const [id, share] of shares) {
    shelfLeft.set(id, Math.min(share, locked.get(id)!.stock));
  }
  for (const { productId, quantity, unitPriceCents: agreed } of wanted) {
    const product = locked.get(productId);
    if (!product) {
      problems.push({ productId, sku: '', name: '', kind: 'gone', message: 'no longer sold' });
      continue;
    }
    const said = { productId, sku: product.sku, name: product.name };
    const rule = quantityProblem(product, quantity);
    if (rule) {
      const under = quantity < product.moq;
      problems.push({ ...said, kind: under ? 'under' : 'rule', message: rule, moq: product.moq });
    } else if (product.stock < quantity && !product.backorderAllowed) {
      problems.push({
        ...said,
        kind: 'short',
        message: `Only ${product.stock} in stock`,
        left: product.stock,
      });
    }
    const unit = agreed ?? unitPriceCents(tiersFor(product, pricing), quantity);
    if (rule || unit === undefined) continue;
    // What the shelf has of it is reserved now; the rest (a part that allows it) is backordered
    // and paid with the order. Two lines of one part share the shelf in their order.
    const reserved = Math.min(quantity, shelfLeft.get(productId) ?? product.stock);
    shelfLeft.set(productId, (shelfLeft.get(productId) ?? product.stock) - reserved);
    lines.push({
      productId,
      sku: product.sku,
      productName: product.name,
      quantity,
      unitPriceCents: unit,
      lineTotalCents: lineTotalCents(unit, quantity),
      reserved,
      backordered: quantity - reserved,
    });
  }
  if (problems.length > 0) return { placed: false, problems } as const;
  const summary = orderSummary(lines);
  const { totalCents } = summary;
  if (totalCents > MAX_ORDER_TOTAL_CENTS) throw orderTooLarge();
  // Priced with the products locked, so the weights and the lines are the ones reserved.
  const delivery = await priceDelivery?.({ lines, weightGrams: weightOf(wanted, locked) });
  // The caps count what the account will owe: the grand total once shipping and tax are known.
  const owed = delivery?.grandTotalCents ?? totalCents;
  // The share of a shelf counts what is taken from it: backordered pieces hold no stock (the
  // value cap still counts them, as the order owes their price); docs/decisions/0034.
  const taken = lines.map((line) => ({ ...line, quantity: line.reserved }));
  await assertWithinHoldCaps(tx, customer, holdings, taken, owed, locked, limits, { shopOffer });
  const values: NewOrder = {
    userId: customer.id,
    email: customer.email,
    userName: customer.name,
    companyId: customer.companyId ?? null,
    ...(customer.account ? { paymentMethod: 'account', poNumber: customer.account.poNumber } : {}),
    ...summary,
    shipTogether: customer.shipTogether ?? false,
    ...delivery,
  };
  const { timeline, ...order } = await insertOrderWithLines(tx, values, lines, limits.holdMinutes, {
    event: 'placed',
    detail: placedDetail(values, lines.length),
  });
  // Each line is a reservation in the ledger, by the customer, naming the order. The products
  // are locked since lockProducts above, and their stock read under that lock.
  await moveStockAndTell(
    tx,
    lines.map(({ productId, reserved }) => ({
      productId: productId!,
      delta: -reserved,
      reason: 'reserved' as const,
      orderId: order.row.id,
      actor: accountActor(customer),
    })),
    { locked },
  );
  // All a new order shows: nothing has shipped, and its timeline is the one entry written.
  const extras: OrderExtras = { shipments: [], timeline };
  return { placed: true, ...order, extras } as const;
}
