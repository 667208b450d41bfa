import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';

/** Demo accounts the e2e server seeds (SEED_DEMO outside production mode). */
export const demo = {
  admin: { email: 'admin@ecparts.test', password: 'admin-demo-2026' },
  customer: { email: 'customer@ecparts.test', password: 'customer-demo-2026' },
};

let counter = 0;
export const uniqueEmail = (prefix = 'e2e') =>
  `${prefix}-${Date.now()}-${process.pid}-${++counter}@example.com`;

export async function fillSignUp(
  page: Page,
  account: { name: string; email: string; password: string },
) {
  const form = page.getByRole('form', { name: 'Sign Up' });
  await form.getByLabel('Your Name').fill(account.name);
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Sign Up' }).click();
}

export async function logIn(page: Page, account: { email: string; password: string }) {
  if (!page.url().endsWith('/login')) await page.goto('/login');
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Login' }).click();
}

/** A new customer, signed up through the page and signed in. */
export async function newCustomer(page: Page, name = 'Robin Rider') {
  const account = { name, email: uniqueEmail(), password: 'pedal-power-2026' };
  await page.goto('/signup');
  await fillSignUp(page, account);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Dashboard' }).first()).toBeAttached();
  return account;
}

/** The mails the e2e server wrote to its outbox for this address, oldest first. */
export function mailsTo(email: string) {
  const dir = join(process.env.ECPARTS_E2E_RUN_DIR ?? '', 'data', 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return files
    .map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as Mail)
    .filter((mail) => mail.to.some((to) => to.address === email));
}

type Mail = { to: { address: string }[]; subject: string; text: string };

export const firstLink = (mail: Mail) => /https?:\/\/\S+/.exec(mail.text)?.[0] ?? '';
