import type { Cart, CartLine } from '../../../contract/cart.ts';
import type { Product, ProductDetail } from '../../../contract/catalog.ts';
import { centsToDollars } from '../../../contract/money.ts';
import {
  ladderInCents,
  ladderInDollars,
  lineTotalCents,
  unitPriceCents,
} from '../../../contract/price-ladder.ts';
import type { Executor } from '../../db/client.ts';
import type { HoldCaps } from '../../modules/orders/hold-caps.ts';
import { shelfNow, splitByShelf } from './shelf-now.ts';
import { findMembership, type Membership } from '../../modules/companies/membership.ts';
import { readDealerPricing, tiersFor, type DealerPricing } from '../../modules/companies/prices.ts';

// Dealer prices laid over what the catalogue and the cart answer at list price: the modules
// (and the read cache in front of the catalogue) stay the same for everyone, and only a company
// member's own answer is re-priced, after them.

/**
 * The dealer pricing of the account's company for these products, or undefined for an account
 * without a company (list prices). `membership`: already read by the caller (checkout).
 */
export async function memberPricing(
  db: Executor,
  userId: string,
  productIds: readonly string[],
  membership?: Membership | null,
): Promise<DealerPricing | undefined> {
  const member = membership === undefined ? await findMembership(db, userId) : membership;
  if (!member) return undefined;
  return readDealerPricing(db, member.companyId, productIds, member);
}

/** A product as a member sees it: the dealer ladder, and its first rung as the price. */
export function dealerProduct<P extends PricedPart>(product: P, pricing: DealerPricing): P {
  const tiers = ladderInDollars(
    tiersFor({ id: product._id, tiers: ladderInCents(product.tiers) }, pricing),
  );
  return { ...product, price: tiers[0]?.price ?? product.price, tiers };
}

/** A product and its family's variants, each at the member's prices. */
export function dealerProductDetail(product: ProductDetail, pricing: DealerPricing): ProductDetail {
  const priced = dealerProduct(product, pricing);
  if (!product.family) return priced;
  const variants = product.family.variants.map((variant) => dealerProduct(variant, pricing));
  return { ...priced, family: { ...product.family, variants } };
}

type PricedPart = Pick<Product, '_id' | 'price' | 'tiers'>;

/**
 * A cart line re-priced by the dealer ladder, as the cart prices a line (a quantity off the
 * ladder, under a changed minimum, is priced at the first rung).
 */
export function dealerCartLine<L extends CartLine>(line: L, pricing: DealerPricing) {
  const tiers = tiersFor({ id: line.productId, tiers: ladderInCents(line.tiers) }, pricing);
  const unit = unitPriceCents(tiers, line.quantity) ?? tiers[0]?.priceCents ?? 0;
  const total = lineTotalCents(unit, line.quantity);
  return {
    ...line,
    unitPrice: centsToDollars(unit),
    lineTotal: centsToDollars(total),
    lineTotalCents: total,
    tiers: ladderInDollars(tiers),
  };
}

/** The cart re-priced for a member; the total is the sum of the re-priced lines, in cents. */
export function dealerCart(cart: Cart, pricing: DealerPricing): Cart {
  const priced = cart.lines.map((line) => dealerCartLine(line, pricing));
  const totalCents = priced.reduce((sum, line) => sum + line.lineTotalCents, 0);
  return {
    ...cart,
    lines: priced.map(({ lineTotalCents: _, ...line }) => line),
    total: centsToDollars(totalCents),
  };
}

/** The caller's cart as they pay for it: re-priced when they belong to a company. */
export async function cartForMember(
  db: Executor,
  userId: string,
  cart: Cart,
  // Given, the lines of parts taking backorders say what ships now as the order would.
  caps?: HoldCaps,
) {
  if (cart.lines.length === 0) return cart;
  const ids = cart.lines.map((line) => line.productId);
  const pricing = await memberPricing(db, userId, ids);
  const priced = pricing ? dealerCart(cart, pricing) : cart;
  // What ships now and later, as the order would split it (this account's share of the shelf).
  const now = caps ? await shelfNow(db, userId, ids, caps) : new Map<string, number>();
  if (now.size === 0) return priced;
  return { ...priced, lines: priced.lines.map((line) => splitByShelf(line, now)) };
}
