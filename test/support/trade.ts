import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { App } from '../../src/server/app.ts';
import { givenDelivery } from './delivery.ts';
import { inject, type Sender } from './inject.ts';
import { asCustomer } from './requests.ts';

// Trade accounts in tests: a company's terms, and a checkout of one line on them.

/** A shop admin gives the company terms (or none: `netDays` null) and a credit limit. */
export async function givenTerms(
  app: App,
  shopAdmin: Sender,
  companyId: string,
  netDays: number | null,
  creditLimit: number,
) {
  const res = await inject(app, 'PATCH /api/companies/:id', {
    params: { id: companyId },
    body: { terms: netDays === null ? null : { netDays }, creditLimit },
    as: shopAdmin,
  });
  expect(res.statusCode, res.body).toBe(200);
}

/**
 * `who` checks out `quantity` of one product from an otherwise empty cart, to their test address
 * by the free test method (no tax): by card unless the body says `paymentMethod: 'account'`.
 */
export async function checkoutOneLine(
  app: App,
  who: Sender,
  productId: string,
  quantity: number,
  body: { paymentMethod?: 'card' | 'account'; poNumber?: string } = {},
) {
  const shop = asCustomer(app, { cookie: who.cookie ?? '' });
  await shop.emptyCart();
  expect((await shop.setLine(productId, quantity)).statusCode).toBe(200);
  return shop.checkout(`trade-${randomUUID()}`, { ...(await givenDelivery(app, who)), ...body });
}
