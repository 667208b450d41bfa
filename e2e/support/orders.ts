import { expect, type Page } from './test.ts';
import type { Product } from '../../src/contract/catalog.ts';

/**
 * A demo product the ordering specs fit: stock for 100, the spec's minimum of 10 sold by the
 * piece, and one price up to 30 pieces (its ladder's next tier, if any, starts above that).
 */
export async function productWithStock(page: Page) {
  const { data } = await (await page.request.get('/api/tools?limit=100')).json();
  const product = (data as Product[]).find(
    (p) =>
      p.stock >= 100 &&
      p.moq === 10 &&
      p.packSize === 1 &&
      (p.tiers[1]?.minQuantity ?? Infinity) > 30,
  );
  if (!product)
    throw new Error('no product sold by the piece from 10 with stock 100 in the demo data');
  return product;
}

/** Places an order from the product's own page on a fresh load, as a customer does. */
export async function placeOrderFor(page: Page, product: Pick<Product, '_id'>, quantity: number) {
  await page.goto(`/tools/${product._id}`);
  await page.getByLabel(/Quantity/).fill(String(quantity));
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // The toast of an order placed just before may still be there too.
  await expect(page.getByText('Order Placed Success').last()).toBeVisible();
}

/** Fills the payment page's card form and presses Pay; the test card is paid, others declined. */
export async function payByCard(page: Page, card = '4242 4242 4242 4242') {
  const form = page.getByRole('form', { name: 'Card payment' });
  await form.getByLabel('Card number').fill(card);
  await form.getByLabel('Expiry (MM/YY)').fill('12/34');
  await form.getByLabel('CVC').fill('123');
  await form.getByRole('button', { name: /^Pay/ }).click();
}
