import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { outboxFor } from '../../test/support/outbox.ts';

/**
 * The e2e server is a production one, which has no demo accounts. These two are signed up once
 * per run, by global-setup.ts, before any test: the admin's email is in the server's
 * ADMIN_EMAILS (playwright.config.ts), and global setup follows its verification link, which
 * makes it an admin. Their sessions
 * are saved in the run's folder (`sessionFile`), for tests to start from without signing in.
 */
export const shared = {
  admin: { name: 'Avery Admin', email: 'e2e-admin@example.com', password: 'workshop-keys-2026' },
  customer: {
    name: 'Casey Customer',
    email: 'e2e-customer@example.com',
    password: 'spoke-wrench-2026',
  },
};

export type SharedRole = keyof typeof shared;

/** The saved browser state (cookies, local storage) of a shared account, signed in. */
export const sessionFile = (role: SharedRole) =>
  join(process.env.ECPARTS_E2E_RUN_DIR ?? '', `${role}-session.json`);

let counter = 0;
export const uniqueEmail = (prefix = 'e2e') =>
  `${prefix}-${Date.now()}-${process.pid}-${++counter}@example.com`;

/**
 * Waits until the app has taken over the page (main.tsx marks it), as a person waits for a page
 * to finish loading before sending a form: sent before that, the form posts without script and
 * comes back empty. The test fixture waits after each load; contexts opened outside a test
 * (beforeAll, global setup) do not have it.
 */
async function appReady(page: Page) {
  await page.waitForSelector('html[data-ready]', { state: 'attached', timeout: 15_000 });
}

export async function fillSignUp(
  page: Page,
  account: { name: string; email: string; password: string },
) {
  await appReady(page);
  const form = page.getByRole('form', { name: 'Sign Up' });
  await form.getByLabel('Your Name').fill(account.name);
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Sign Up' }).click();
}

export async function logIn(page: Page, account: { email: string; password: string }) {
  if (!page.url().endsWith('/login')) await page.goto('/login');
  await appReady(page);
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Login' }).click();
}

/**
 * A new customer, signed up through the page and signed in. Each call is a sign-up, and the
 * server allows 30 sign-ups per address per hour (src/server/auth/rate-limits.ts) while every
 * e2e sign-up comes from 127.0.0.1. A run makes 2 in global setup and about 20 in the specs
 * (this helper, fillSignUp and the forms that post Sign Up themselves, in both projects), and a
 * test retried in CI signs up again: the allowance has little room left. e2e/order-expiry.spec.ts
 * signs up on the second server, which counts its own. A test that only reads a customer's pages
 * can start from `sessionFile('customer')` instead.
 */
export async function newCustomer(page: Page, name = 'Robin Rider') {
  const account = { name, email: uniqueEmail(), password: 'pedal-power-2026' };
  await page.goto('/signup');
  await fillSignUp(page, account);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Dashboard' }).first()).toBeAttached();
  return account;
}

/**
 * A new customer, signed up through the page and signed in, at any width: on a phone the
 * navbar's links sit in its closed menu, so the session says who is signed in (newCustomer
 * looks for the Dashboard link, which only a desktop shows).
 */
export async function signUpAtAnyWidth(page: Page, name: string, prefix = 'e2e') {
  const account = { name, email: uniqueEmail(prefix), password: 'pedal-power-2026' };
  await page.goto('/signup');
  await fillSignUp(page, account);
  await expect(page).toHaveURL(/\/$/);
  await expect
    .poll(async () => {
      const session = (await (await page.request.get('/api/auth/get-session')).json()) as {
        user?: { name: string };
      } | null;
      return session?.user?.name;
    })
    .toBe(name);
  return account;
}

/** The mails the e2e server wrote to its outbox for this address, oldest first. */
export const mailsTo = (email: string) =>
  outboxFor(join(process.env.ECPARTS_E2E_RUN_DIR ?? '', 'data'), email);

export const firstLink = (mail: { text: string }) => /https?:\/\/\S+/.exec(mail.text)?.[0] ?? '';
