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
  /** 'same': billed to the ship-to address. */
  billingAddressId?: string;
};

export const choiceOf = (search: URLSearchParams): CheckoutChoice => ({
  shippingAddressId: search.get('shippingAddressId') || undefined,
  shippingMethodId: search.get('shippingMethodId') || undefined,
  billingAddressId: search.get('billingAddressId') || undefined,
});

/** The ship-to address: the one chosen, else the default, else the first. */
export const shipToOf = (addresses: readonly Address[], id: string | undefined) =>
  addresses.find((a) => a._id === id) ?? addresses.find((a) => a.isDefaultShipping) ?? addresses[0];

/**
 * The billing address: the one chosen, or 'same' (the ship-to address); without a choice the
 * default billing address when it differs from the ship-to one.
 */
export function billToOf(addresses: readonly Address[], id: string | undefined, shipTo?: Address) {
  if (id === 'same') return undefined;
  const chosen = addresses.find((a) => a._id === id);
  if (chosen) return chosen;
  const byDefault = addresses.find((a) => a.isDefaultBilling);
  return byDefault && byDefault._id !== shipTo?._id ? byDefault : undefined;
}
