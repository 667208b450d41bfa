import { idParams } from '../common.ts';
import { endpoint, MINUTE } from '../endpoint.ts';
import { order } from '../orders.ts';
import { answerQuoteInput, quote, quoteList, quotesQuery, requestQuoteInput } from '../quotes.ts';

/**
 * The quotes part of the endpoint table (src/contract/endpoints.ts composes every part). A
 * quote is its company's: every member sees and accepts it, as does the buyer who asked when
 * they have no company; another account's quote answers 404.
 */
export const quotesEndpoints = {
  listQuotes: endpoint({
    method: 'GET',
    path: '/api/quotes',
    access: 'user',
    tag: 'quotes',
    summary:
      "The caller's company's quotes (or their own, without a company); every quote for an admin. Newest first",
    query: quotesQuery,
    response: quoteList,
  }),
  requestQuote: endpoint({
    method: 'POST',
    path: '/api/quotes',
    access: 'user',
    tag: 'quotes',
    summary:
      "Ask for a quote on the cart's lines at the caller's prices; the cart stays as it is (409 when it is empty)",
    body: requestQuoteInput,
    status: 201,
    response: quote,
    refusals: [409],
    // Each request mails the shop's admins: as many as orders may be placed, on its own count.
    rateLimit: { max: 30, windowSeconds: 10 * MINUTE, per: 'user' },
  }),
  getQuote: endpoint({
    method: 'GET',
    path: '/api/quotes/:id',
    access: 'user',
    tag: 'quotes',
    summary: 'One quote (its company, its buyer or an admin)',
    params: idParams,
    response: quote,
  }),
  answerQuote: endpoint({
    method: 'PUT',
    path: '/api/quotes/:id',
    access: 'admin',
    tag: 'quotes',
    summary:
      'Answer a quote (or change the answer while it is not accepted): lines, unit prices, expiry and a note; the buyer is mailed',
    params: idParams,
    body: answerQuoteInput,
    response: quote,
    refusals: [409],
  }),
  acceptQuote: endpoint({
    method: 'POST',
    path: '/api/quotes/:id/accept',
    access: 'user',
    tag: 'quotes',
    summary:
      'Accept a quoted quote: one order at the quoted prices, its stock held, shipped to the default address by the cheapest method. 201 with the order; accepting again answers 200 with the same order (or makes a new one, while the prices hold, once that one expired unpaid or was deleted). 409 when expired, declined or not quoted yet',
    params: idParams,
    status: 201,
    repeated: 200,
    response: order,
    refusals: [403, 409],
    rateLimit: { max: 30, windowSeconds: 10 * MINUTE, per: 'user', bucket: 'orders' },
  }),
  declineQuote: endpoint({
    method: 'POST',
    path: '/api/quotes/:id/decline',
    access: 'user',
    tag: 'quotes',
    summary: 'Decline a quote (the buyer side or an admin); an accepted quote cannot be declined',
    params: idParams,
    response: quote,
    refusals: [403, 409],
  }),
} as const;
