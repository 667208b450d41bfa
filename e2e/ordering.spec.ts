import { expect, expectConsoleMessage, failedLoad, test } from './support/test.ts';
import { newCustomer } from './support/accounts.ts';
import { payByCard, placeOrderFor, productWithStock } from './support/orders.ts';
import { expectRedText } from './support/page.ts';

test('a customer orders 20 pieces, sees the order, and pays for it by card', async ({ page }) => {
  await newCustomer(page, 'Olive Order');
  const product = await productWithStock(page);
  // Other tests order the same part at the same time: the page must show the stock the API
  // reports at that moment, so both are read again until no order fell between them.
  await expect(async () => {
    await page.goto(`/tools/${product._id}`);
    const { stock } = (await (await page.request.get(`/api/tools/${product._id}`)).json()) as {
      stock: number;
    };
    await expect(page.getByText(`In-Stock: ${stock} ps`)).toBeVisible({ timeout: 2_000 });
  }).toPass();

  const quantity = page.getByLabel(/Quantity/);
  await expect(quantity).toHaveAttribute('placeholder', 'Minimum 10');
  await quantity.fill('9');
  await page.getByRole('button', { name: 'Place Order' }).click();
  const error = page.getByText('Quantity must Be 10 or more');
  await expect(error).toBeVisible();
  await expectRedText(error);

  await quantity.fill('20');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByText('Order Placed Success')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  const total = (product.price * 20).toLocaleString('en-US', {
    style: 'currency',
    currency: 'USD',
  });
  const row = page.getByRole('row').filter({ hasText: product.name });
  await expect(row).toContainText('Unpaid');
  await expect(row).toContainText(total);

  await row.getByRole('button', { name: /Delete/ }).click();
  const modal = page.getByRole('dialog');
  await expect(modal).toContainText('Are you sure want to delete this?');
  await expect(modal).toContainText(total);
  await modal.getByRole('button', { name: /Cancel|No/ }).click();
  await expect(modal).toBeHidden();

  await row.getByRole('link', { name: /Pay/ }).click();
  await expect(page.getByRole('heading', { name: 'Make your Payment' })).toBeVisible();
  expectConsoleMessage(failedLoad(402), { url: /\/api\/payments\/test\/confirm$/ });
  await payByCard(page, '4000 0000 0000 0002');
  const declined = page.getByText('Your card was declined.');
  await expect(declined).toBeVisible();
  await expectRedText(declined);

  await payByCard(page);
  await expect(page.getByText('Congrats your payment has been succeed!')).toBeVisible();
  await expect(page.getByText(/pi_test_/)).toBeVisible();

  await page.goto('/dashboard');
  const paidRow = page.getByRole('row').filter({ hasText: product.name });
  await expect(paidRow).toContainText('Paid');
  await expect(paidRow).not.toContainText('Unpaid');
  await expect(paidRow.getByRole('button', { name: /Delete/ })).toBeDisabled();
  const pay = paidRow
    .getByRole('button', { name: /Pay/ })
    .or(paidRow.getByRole('link', { name: /Pay/ }));
  await expect(pay).toBeDisabled();
});

test('right after an order, its Delete opens the confirmation, which a quick second opening keeps open', async ({
  page,
}) => {
  await newCustomer(page, 'Quinn Quick');
  const product = await productWithStock(page);
  // A fresh load: the toast library is not there yet, and its first toast must still show.
  await placeOrderFor(page, product, 10);

  // At once, while the toast is still up.
  const row = page.getByRole('row').filter({ hasText: product.name });
  const remove = row.getByRole('button', { name: /Delete/ });
  await remove.click();
  const modal = page.getByRole('dialog', { name: 'Are you sure want to delete this?' });
  await expect(modal).toContainText(product.name);
  const cancel = modal.getByRole('button', { name: 'Cancel' });

  // Cancel, then Delete again before the browser has delivered the dialog's `close` event (it
  // comes as a task of its own, which a busy page delays): the old close must not shut the
  // dialog just opened.
  const stillOpen = await page.evaluate(
    async ([cancelButton, deleteButton]) => {
      const click = (element: Element) =>
        element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
      // React applies a click in a microtask, and its effect then calls close() or showModal().
      const nextMicrotasks = async () => {
        for (let i = 0; i < 5; i++) await Promise.resolve();
      };
      click(cancelButton);
      await nextMicrotasks();
      click(deleteButton);
      await nextMicrotasks();
      // By the next frames the old close event has come and gone.
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      return document.querySelector('dialog')?.open;
    },
    [await cancel.elementHandle(), await remove.elementHandle()] as const,
  );
  expect(stillOpen).toBe(true);
  await expect(modal).toContainText(product.name);

  await cancel.click();
  await expect(modal).toBeHidden();
  await expect(remove).toBeFocused();
  await row.getByRole('link', { name: /Pay/ }).click();
  await expect(page.getByRole('heading', { name: 'Make your Payment' })).toBeVisible();
});
