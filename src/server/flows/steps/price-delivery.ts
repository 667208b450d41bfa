import { orderTotals, type OrderTotalsCents } from '../../../contract/order-totals.ts';
import {
  shippingChoices,
  tooHeavyReason,
  type OfferedMethod,
  type TooHeavyMethod,
} from '../../../contract/shipping-rules.ts';
import { taxTreatment } from '../../../contract/tax-rules.ts';
import type { CachedTable, ReadCache } from '../../cache/read-cache.ts';
import type { Executor } from '../../db/client.ts';
import type { AddressCopy } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import {
  findDefaultAddress,
  findOwnAddress,
  toAddressCopy,
  type AddressRow,
} from '../../modules/addresses/repository.ts';
import type { OrderDeliveryValues } from '../../modules/orders/repository.ts';
import { listShippingMethods } from '../../modules/shipping/repository.ts';
import { readShopSettings } from '../../modules/shop-settings/repository.ts';
import { findAccountTax, listTaxRatesFor, type AccountTax } from '../../modules/tax/repository.ts';

// What delivery costs: every figure comes from the contract's rules (shipping-rules.ts,
// tax-rules.ts, order-totals.ts), fed with what is read here inside the caller's transaction,
// so the price an order keeps is the one of the moment its stock was reserved.

/** What is being shipped: the priced lines and what they weigh together. */
export type Goods = { lines: readonly { lineTotalCents: number }[]; weightGrams: number };

export type DeliveryPrice = {
  /** The methods offered for these goods and this address, cheapest first. */
  options: OfferedMethod[];
  /** The methods serving the address that cannot carry these goods, by name. */
  tooHeavy: TooHeavyMethod[];
  weightGrams: number;
  /** The method chosen (or the cheapest, when none was named); undefined when none is offered. */
  chosen: OfferedMethod | undefined;
  totals: OrderTotalsCents;
  buyer: AccountTax | undefined;
};

/**
 * The methods, the destination's rates and the shop's country. They change when an admin edits
 * them and are read by every checkout and quote, so they come from the read cache when there is
 * one: a write drops them in every process (the admin handlers and the tables' triggers).
 */
async function deliveryRules(tx: Executor, country: string, cache?: ReadCache) {
  const read = <T>(table: CachedTable, key: string, load: () => Promise<T>) =>
    cache ? cache.read(table, key, load) : load();
  const [methods, rates, shop] = [
    await read('shipping_method', 'all', () => listShippingMethods(tx)),
    await read('tax_rate', country, () => listTaxRatesFor(tx, country)),
    await read('shop_settings', 'shop', () => readShopSettings(tx)),
  ];
  return { methods, rates, shop };
}

export const chooseWhereToShip = () => new AppError('bad_request', 'Choose where to ship');

export const methodNotOffered = (why?: string) =>
  new AppError(
    'bad_request',
    why ? `${why}: choose another method` : 'That shipping method is not offered for this address',
  );

/** The caller's own address; 404 for anyone else's, as for one that does not exist. */
export async function ownAddress(tx: Executor, userId: string, id: string) {
  const row = await findOwnAddress(tx, userId, id);
  if (!row) throw notFound('Address');
  return row;
}

/** The ship-to address and the billing address (the one named, else the default, else the ship-to). */
export async function orderAddresses(
  tx: Executor,
  userId: string,
  shipTo: AddressRow,
  billingId?: string,
) {
  // Most accounts bill and ship to their one default address: nothing more to read then.
  const billing = billingId
    ? await ownAddress(tx, userId, billingId)
    : shipTo.isDefaultBilling
      ? shipTo
      : ((await findDefaultAddress(tx, userId, 'billing')) ?? shipTo);
  return { shipTo: toAddressCopy(shipTo), billing: toAddressCopy(billing) };
}

export const weightOf = (
  wanted: readonly { productId: string; quantity: number }[],
  weights: ReadonlyMap<string, { weightGrams: number }>,
) => wanted.reduce((sum, w) => sum + w.quantity * (weights.get(w.productId)?.weightGrams ?? 0), 0);

/** A company member buys for the company: its name and VAT ID (verified or not) are the buyer's. */
export type BuyerCompany = { companyName: string; vatId: string; vatIdVerified: boolean };

/**
 * The account's tax details with the company's name and VAT ID: a member's order is the
 * company's (its reverse charge turns on the company's VAT ID); an exemption stays the account's.
 */
const asCompany = (own: AccountTax | undefined, company: BuyerCompany): AccountTax => ({
  taxExempt: own?.taxExempt ?? false,
  exemptCertificate: own?.exemptCertificate ?? null,
  companyName: company.companyName,
  vatId: company.vatId,
  vatIdVerified: company.vatIdVerified,
});

/**
 * Prices the goods shipped to this address. A named method must be offered for them (400
 * otherwise); with none named, the cheapest offered is taken, if any is. Tax is the address's
 * (or none: exempt, reverse charge, no rate), on the lines and on the shipping.
 */
export async function priceDelivery(
  tx: Executor,
  userId: string,
  shipTo: Pick<AddressCopy, 'country' | 'region'>,
  goods: Goods,
  methodId?: string,
  cache?: ReadCache,
  company?: BuyerCompany,
): Promise<DeliveryPrice> {
  const { methods, rates, shop } = await deliveryRules(tx, shipTo.country, cache);
  // Read by every checkout, changed by its owner or an admin now and then: cached like the rules.
  const own = cache
    ? await cache.read('account_tax', userId, () => findAccountTax(tx, userId))
    : await findAccountTax(tx, userId);
  const buyer = company ? asCompany(own, company) : own;
  const subtotalCents = goods.lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
  const { weightGrams } = goods;
  const { offered: options, tooHeavy } = shippingChoices(methods, {
    country: shipTo.country,
    subtotalCents,
    weightGrams,
  });
  const chosen = methodId ? options.find((o) => o.method.id === methodId) : options[0];
  if (methodId && !chosen) {
    const heavy = tooHeavy.find((t) => t.method.id === methodId);
    throw methodNotOffered(heavy && tooHeavyReason(heavy.method.name, heavy.maxGrams, weightGrams));
  }
  const treatment = taxTreatment({
    shopCountry: shop.address.country,
    shopVatId: shop.vatId,
    shipTo,
    rates,
    buyer: {
      vatId: buyer?.vatId ?? null,
      vatIdVerified: buyer?.vatIdVerified ?? false,
      taxExempt: buyer?.taxExempt ?? false,
    },
  });
  const totals = orderTotals({
    lines: goods.lines,
    shippingCents: chosen?.priceCents ?? 0,
    treatment,
  });
  return { options, tooHeavy, weightGrams, chosen, totals, buyer };
}

/** The columns an order keeps of its delivery: copies, so later edits change no order. */
export function deliveryValues(
  { chosen, totals, buyer }: DeliveryPrice & { chosen: OfferedMethod },
  shipTo: AddressCopy,
  billing: AddressCopy,
): OrderDeliveryValues {
  return {
    shippingAddress: shipTo,
    billingAddress: billing,
    shippingMethodId: chosen.method.id,
    shippingMethodName: chosen.method.name,
    shippingCents: totals.shippingCents,
    tax: totals.tax,
    taxTotalCents: totals.taxTotalCents,
    grandTotalCents: totals.grandTotalCents,
    reverseCharge: totals.reverseCharge,
    buyerCompany: buyer?.companyName ?? '',
    buyerVatId: buyer?.vatId ?? '',
    taxExemptCertificate: totals.taxExempt ? (buyer?.exemptCertificate ?? '') : null,
  };
}

/** An order's delivery to these addresses by this method (or the cheapest); undefined if none. */
export async function priceOrderDelivery(
  tx: Executor,
  userId: string,
  goods: Goods,
  {
    shipTo,
    billing,
    methodId,
    company,
  }: { shipTo: AddressCopy; billing: AddressCopy; methodId?: string; company?: BuyerCompany },
  cache?: ReadCache,
) {
  const price = await priceDelivery(tx, userId, shipTo, goods, methodId, cache, company);
  const { chosen } = price;
  return chosen ? deliveryValues({ ...price, chosen }, shipTo, billing) : undefined;
}
