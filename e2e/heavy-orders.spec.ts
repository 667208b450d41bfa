import type { Page } from '@playwright/test';
import type { Product } from '../src/contract/catalog.ts';
import type { ShippingMethod } from '../src/contract/shipping-rules.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { signUpAtAnyWidth } from './support/accounts.ts';
import { origin, test, uniqueWord } from './support/admin.ts';
import { expect } from './support/test.ts';
import { keepShot } from './support/shots.ts';

// Issue 34: a method whose weight bands end below the order's weight is still listed at
// checkout, disabled, saying why. What this spec adds to the shared settings serves only
// Iceland, which no other spec ships to, and goes again at its end.

const send = async (
  page: Page,
  method: 'post' | 'put' | 'delete',
  path: string,
  data?: unknown,
) => {
  const response = await page.request[method](path, { headers: { origin: origin() }, data });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as unknown;
};

const signUp = (page: Page, name: string) => signUpAtAnyWidth(page, name, 'heavy');

test('checkout lists a method too heavy for the order, disabled, with why', async ({
  page,
  admin,
}) => {
  const word = uniqueWord();
  // Iceland's own light method (1 kg at most), and a part of 500 g.
  const light = (await send(admin, 'post', '/api/shipping-methods', {
    name: `Letter post ${word}`,
    countries: ['IS'],
    rate: { kind: 'weight', bands: [{ upToGrams: 1000, price: 4 }] },
    deliveryDays: { min: 4, max: 7 },
  })) as ShippingMethod;
  const product = (await send(admin, 'post', '/api/tools', {
    name: `Zz E2E Truing Stand ${word}`,
    price: 3,
    stock: 100,
    weightGrams: 500,
    desc: 'A truing stand made for one end-to-end test.',
    img: '/images/products/chain-checker.svg',
  })) as Product;
  try {
    await signUp(page, `Hekla Heavy ${word}`);
    await send(page, 'post', '/api/addresses', {
      label: 'Verkstæði',
      name: 'Hekla Jónsdóttir',
      line1: 'Laugavegur 1',
      city: 'Reykjavík',
      postalCode: '101',
      country: 'IS',
      isDefaultShipping: true,
      isDefaultBilling: true,
    });
    // 20 × 500 g: 10 kg.
    await send(page, 'put', `/api/cart/lines/${product._id}`, { quantity: 20 });
    await page.goto('/checkout');
    const methods = page.getByRole('group', { name: 'Shipping method' });
    // The demo's Standard carries it (its bands reach 30 kg) and is chosen.
    await expect(methods.getByRole('radio').first()).toBeChecked();
    const tooHeavy = methods.getByRole('radio', { name: new RegExp(`Letter post ${word}`) });
    await expect(tooHeavy).toBeDisabled();
    await expect(tooHeavy).not.toBeChecked();
    await expect(tooHeavy).toHaveAccessibleDescription(
      `Letter post ${word} ships up to 1 kg; this order weighs 10 kg`,
    );
    await expect(methods.getByText('Not available')).toBeVisible();
    // Every option stays inside the screen, a phone's too.
    const box = await methods.boundingBox();
    const width = page.viewportSize()?.width ?? 0;
    expect(box && box.x + box.width).toBeLessThanOrEqual(width);
    await expectNoSeriousA11yViolations(page);
    await keepShot(page, 'checkout-too-heavy');
  } finally {
    await send(admin, 'delete', `/api/shipping-methods/${light._id}`);
  }
});
