import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import type { App } from '../../src/server/app.ts';
import { signUp } from './auth.ts';
import { givenDelivery } from './delivery.ts';
import { inject, type Sender } from './inject.ts';
import { asCustomer } from './requests.ts';
import { makeTestApp } from './test-app.ts';

// Trade accounts in tests: an app with a shop admin, a company's terms, and a checkout of one
// line on them.

/**
 * An app for a file of trade-account tests, and its shop admin (`adminEmail`, signed up): each
 * test signs up a company of its own and places many orders, so the limits on unpaid orders,
 * orders and sign-ups are out of the way. `env` adds to the configuration or overrides it.
 */
export async function makeTradeApp(adminEmail: string, env: Record<string, string> = {}) {
  const ctx = await makeTestApp({
    ADMIN_EMAILS: adminEmail,
    MAX_UNPAID_ORDERS: '100',
    MAX_UNPAID_VALUE_UNVERIFIED: '1000000',
    MAX_UNPAID_VALUE: '1000000',
    ORDER_RATE_LIMIT: '1000',
    SIGNUP_RATE_LIMIT: '1000',
    ...env,
  });
  const shopAdmin = await signUp(ctx.app, { name: 'Ada Admin', email: adminEmail });
  return { ...ctx, shopAdmin };
}

/**
 * The file's trade app (makeTradeApp), made before its tests and closed after them: its fields
 * are filled in by the time a test runs.
 */
export function tradeAppForFile(adminEmail: string, env: Record<string, string> = {}) {
  const ctx = {} as Awaited<ReturnType<typeof makeTradeApp>>;
  beforeAll(async () => {
    Object.assign(ctx, await makeTradeApp(adminEmail, env));
  });
  afterAll(() => ctx.app.close());
  return ctx;
}

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

/** How a trade checkout pays: by card (the default) or on account, with a PO number or none. */
export type CheckoutChoice = { paymentMethod?: 'card' | 'account'; poNumber?: string };

/**
 * `who` checks out `quantity` of one product from an otherwise empty cart, to their test address
 * by the free test method (no tax): by card unless the body says `paymentMethod: 'account'`.
 */
export async function checkoutOneLine(
  app: App,
  who: Sender,
  productId: string,
  quantity: number,
  body: CheckoutChoice = {},
) {
  const shop = asCustomer(app, { cookie: who.cookie ?? '' });
  await shop.emptyCart();
  expect((await shop.setLine(productId, quantity)).statusCode).toBe(200);
  return shop.checkout(`trade-${randomUUID()}`, { ...(await givenDelivery(app, who)), ...body });
}
