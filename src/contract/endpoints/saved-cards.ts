import { idParams } from '../common.ts';
import { endpoint, MINUTE } from '../endpoint.ts';
import {
  savedCardList,
  savedCardPayInput,
  savedCardPayResult,
  savedCardRemoved,
} from '../saved-cards.ts';

/**
 * The saved cards part of the endpoint table (src/contract/endpoints.ts composes every part).
 * A kept card is its buyer's alone: anyone else, an admin too, hears 404 for its id.
 */
export const savedCardsEndpoints = {
  listSavedCards: endpoint({
    method: 'GET',
    path: '/api/me/cards',
    access: 'user',
    tag: 'payments',
    summary: "The caller's kept cards: brand, last four digits and expiry, newest first",
    response: savedCardList,
  }),
  removeSavedCard: endpoint({
    method: 'DELETE',
    path: '/api/me/cards/:id',
    access: 'user',
    tag: 'payments',
    summary: 'Forget one of the caller’s kept cards, here and at the payment provider',
    params: idParams,
    response: savedCardRemoved,
  }),
  payWithSavedCard: endpoint({
    method: 'POST',
    path: '/api/payments/saved-card',
    access: 'owner',
    owns: { order: 'body.orderId' },
    tag: 'payments',
    summary:
      'Pay an order with a kept card (404 when the card is not the caller’s); the amount comes from the order',
    body: savedCardPayInput,
    response: savedCardPayResult,
    // 402: declined; 409: the order cannot be paid now.
    refusals: [402, 409],
    rateLimit: { max: 30, windowSeconds: 10 * MINUTE, per: 'user' },
  }),
} as const;
