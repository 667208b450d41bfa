import type { Order } from '../src/contract/orders.ts';
import type { Product } from '../src/contract/catalog.ts';
import { expect, expectConsoleMessage, failedLoad, test, type Browser } from './support/test.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { sessionFile, shared, type SharedRole } from './support/accounts.ts';
import { DESKTOP_ONLY } from './support/page.ts';

// A part that unpaid orders hold is not deleted (issue 20, item 6): the dialog names them.

async function signedIn(browser: Browser, role: SharedRole) {
  const context = await browser.newContext({ storageState: sessionFile(role) });
  return context.newPage();
}

test(
  'deleting a part an unpaid order holds is refused, and the dialog names the order',
  { tag: DESKTOP_ONLY },
  async ({ browser, baseURL }) => {
    const origin = { origin: String(baseURL) };
    const admin = await signedIn(browser, 'admin');
    const name = `Zz E2E Held Part ${Date.now().toString(36)}`;
    const added = await admin.request.post('/api/tools', {
      headers: origin,
      data: {
        name,
        price: 4.5,
        stock: 100,
        desc: 'A part one unpaid order holds.',
        img: '/images/products/chain-checker.svg',
      },
    });
    expect(added.status(), await added.text()).toBe(201);
    const part = (await added.json()) as Product;
    const customer = await signedIn(browser, 'customer');
    const placed = await customer.request.post('/api/orders', {
      headers: origin,
      data: { productId: part._id, quantity: 10, email: shared.customer.email },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const order = (await placed.json()) as Order;
    // The refused delete.
    expectConsoleMessage(failedLoad(409), { url: new RegExp(`/api/tool/${part._id}$`) });

    await admin.goto(`/dashboard/manageProduct?q=${encodeURIComponent(name)}`);
    const row = admin.getByRole('row').filter({ hasText: name });
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    const modal = admin.getByRole('dialog', { name: 'Are you sure want to delete this Product?' });
    await modal.getByRole('button', { name: 'Delete' }).click();
    await expect(modal.getByRole('alert')).toHaveText(
      `Unpaid order #${order.number} still holds this part: wait until it is paid, deleted or expired, then delete it.`,
    );
    await expectNoSeriousA11yViolations(admin);
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await expect(row).toBeVisible();
    expect((await admin.request.get(`/api/tools/${part._id}`)).status()).toBe(200);

    // Once the customer deletes their order, the part can go.
    const removed = await customer.request.delete(`/api/orders/${order._id}`, { headers: origin });
    expect(removed.status()).toBe(200);
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    await modal.getByRole('button', { name: 'Delete' }).click();
    await expect(admin.getByText(`${name} has been deleted.`)).toBeVisible();
  },
);
