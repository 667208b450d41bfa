import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { test, uniqueWord } from './support/admin.ts';
import { DESKTOP_ONLY } from './support/page.ts';
import { expect } from './support/test.ts';

// Issue 33, Dashboard, Integrations, webhooks: an admin adds an endpoint with the event picker,
// copies its secret (shown once), sends a test event, reads the delivery log and deletes it,
// at a phone's width.

test(`an admin adds a webhook endpoint, sees its secret once, sends a test event and reads its log ${DESKTOP_ONLY}`, async ({
  admin,
}) => {
  await admin.setViewportSize({ width: 390, height: 844 });
  await admin.goto('/dashboard/integrations');
  const section = admin.getByRole('heading', { name: 'Webhooks' });
  await expect(section).toBeVisible();
  // A loopback port nothing listens on (the e2e server allows private addresses): the test
  // event's try fails at once, and no packet leaves the machine.
  const url = `http://127.0.0.1:9/hooks/${uniqueWord()}`;
  await admin.getByLabel('URL').fill(url);
  await admin.getByLabel('Description (optional)').fill('Warehouse');
  await admin.getByRole('checkbox', { name: 'order.paid' }).check();
  await admin.getByRole('checkbox', { name: 'stock.changed' }).check();
  await admin.getByRole('button', { name: 'Add endpoint' }).click();

  const secret = admin.getByLabel('Signing secret');
  await expect(secret).toHaveValue(/^whsec_/);
  await expect(admin.getByText('it is not shown again')).toBeVisible();
  const endpoint = admin.getByRole('listitem', { name: url });
  await expect(endpoint).toBeVisible();
  await expect(endpoint.getByRole('list', { name: `Events sent to ${url}` })).toContainText(
    'order.paid',
  );
  await expectNoSeriousA11yViolations(admin);
  // Nothing is wider than the phone.
  expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await admin.getByRole('button', { name: 'I have copied it' }).click();
  await expect(secret).toHaveCount(0);

  await endpoint.getByRole('button', { name: `Send a test event to ${url}` }).click();
  await expect(admin.getByText(`A test event is on its way to ${url}.`)).toBeVisible();
  await endpoint.getByText('Delivery log').click();
  const log = endpoint.getByRole('list', { name: `Deliveries to ${url}` });
  await expect(log).toContainText('webhook.test');
  await expect(log.getByRole('button', { name: /^Redeliver webhook\.test / })).toBeVisible();

  await endpoint.getByRole('button', { name: `Pause webhooks to ${url}` }).click();
  await expect(endpoint.getByText('Paused')).toBeVisible();

  admin.once('dialog', (dialog) => void dialog.accept());
  await endpoint.getByRole('button', { name: `Delete the webhook endpoint ${url}` }).click();
  await expect(admin.getByRole('listitem', { name: url })).toHaveCount(0);
});
