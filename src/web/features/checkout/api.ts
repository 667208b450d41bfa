import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Address } from '../../../contract/addresses.ts';
import type { DeliveryEstimateQuery } from '../../../contract/order-totals.ts';
import { call, type Call } from '../../lib/api-client.ts';
import { cartKeys } from '../cart/api.ts';

// GET /cart/delivery: the cart priced for an address and a method. Its keys sit under the cart's,
// so every change to the cart reads the quote again too.

export const quoteKeys = {
  quote: (query: DeliveryEstimateQuery) => [...cartKeys.all, 'quote', query] as const,
};

export const quoteQuery = (query: DeliveryEstimateQuery, via: Call = call) =>
  queryOptions({
    queryKey: quoteKeys.quote(query),
    queryFn: ({ signal }) => via('GET /api/cart/delivery', { query, signal }),
  });

/** While another choice is priced, the last quote stays on screen. */
export const useQuote = (query: DeliveryEstimateQuery) =>
  useQuery({ ...quoteQuery(query), placeholderData: keepPreviousData });

/** What the checkout page's address says (`?shippingAddressId=…`), as the names the API uses. */
export type CheckoutChoice = {
  shippingAddressId?: string;
  shippingMethodId?: string;
  /**
   * 'same': billed to the ship-to address ("Bill to the same address" ticked); 'other': that box
   * unticked, no address picked yet; else the id of the billing address.
   */
  billingAddressId?: string;
};

export const choiceOf = (search: URLSearchParams): CheckoutChoice => ({
  shippingAddressId: search.get('shippingAddressId') || undefined,
  shippingMethodId: search.get('shippingMethodId') || undefined,
  // The billing form sends its box first and 'other' last (BillingStep): the first one counts.
  billingAddressId: search.get('billingAddressId') || undefined,
});

/** The ship-to address: the one chosen, else the default, else the first. */
export const shipToOf = (addresses: readonly Address[], id: string | undefined) =>
  addresses.find((a) => a._id === id) ?? addresses.find((a) => a.isDefaultShipping) ?? addresses[0];

/** Where the order is billed: to the ship-to address (`same`), or to `billTo` (none picked yet). */
export type Billing = { same: true } | { same: false; billTo: Address | undefined };

/**
 * The billing the page shows: "Bill to the same address" unless the buyer unticked it or picked
 * another address, or, without a choice, the account's default billing address differs from the
 * ship-to one. Unticked with nothing picked, the default billing address, else the first other.
 */
export function billingOf(
  addresses: readonly Address[],
  id: string | undefined,
  shipTo: Address | undefined,
): Billing {
  const others = addresses.filter((a) => a._id !== shipTo?._id);
  const byDefault = others.find((a) => a.isDefaultBilling);
  if (id === 'same') return { same: true };
  if (id === 'other') return { same: false, billTo: byDefault ?? others[0] };
  const chosen = others.find((a) => a._id === id);
  if (chosen) return { same: false, billTo: chosen };
  return byDefault ? { same: false, billTo: byDefault } : { same: true };
}

/**
 * The billing address id an order is placed with: the ship-to's own when billed there, so the
 * shop never swaps in another default billing address (POST /checkout bills an order sent
 * without one to the account's default billing address).
 */
export const billingIdOf = (billing: Billing, shipTo: Address | undefined) =>
  billing.same ? shipTo?._id : billing.billTo?._id;
