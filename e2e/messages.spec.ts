import { expect, test, type Browser, type Page } from './support/test.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { sessionFile } from './support/accounts.ts';
import { scrollToContactForm, sendContactForm } from './support/home.ts';
import { DESKTOP_ONLY } from './support/page.ts';
import { uniqueWord } from './support/admin.ts';

// The Contact Us inbox (issue 20, item 6): a visitor's message reaches the admins' Messages
// page, with an unread count in the dashboard menu.

type Inbox = { open: number; data: { _id: string; name: string; status: string }[] };

async function signedInAdmin(browser: Browser) {
  const context = await browser.newContext({ storageState: sessionFile('admin') });
  return context.newPage();
}

/** The open messages as the server has them now (other tests may send some meanwhile). */
async function openMessages(admin: Page) {
  const res = await admin.request.get('/api/contact-messages?status=open&limit=100');
  expect(res.status()).toBe(200);
  return (await res.json()) as Inbox;
}

/** The count the menu shows beside "Messages": 0 when it shows none. */
async function menuCount(admin: Page) {
  const link = admin
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: /^Messages/ });
  const name = (await link.textContent()) ?? '';
  return Number(/(\d+) unread/.exec(name)?.[1] ?? 0);
}

test(
  'a visitor’s message reaches the admin’s Messages page, and marking it done lowers the unread count',
  { tag: DESKTOP_ONLY },
  async ({ page, browser }) => {
    const sender = `Tia Trade ${uniqueWord()}`;
    const words = `Could ${sender} have net-30 terms? We order 200 chains a month.`;
    await page.goto('/');
    // Typed once the form's script runs it, as a person waits for it (CI once typed before, and
    // the plain form's post thanked in the page's notice instead of a toast).
    await scrollToContactForm(page);
    await sendContactForm(page, { name: sender, email: 'tia@bikes.example', message: words });
    await expect(
      page.getByRole('alert').filter({ hasText: 'Thank you! We will get back to you' }),
    ).toBeVisible();

    const admin = await signedInAdmin(browser);
    await admin.goto('/dashboard');
    const menu = admin.getByRole('navigation', { name: 'Dashboard' });
    const messagesLink = menu.getByRole('link', { name: /^Messages/ });
    await expect(messagesLink).toHaveAccessibleName(/^Messages \d+ unread$/);
    await expect
      .poll(async () => (await menuCount(admin)) === (await openMessages(admin)).open)
      .toBe(true);

    await messagesLink.click();
    await expect(admin).toHaveURL(/\/dashboard\/messages$/);
    await expect(admin.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
    const card = admin.getByRole('article', { name: sender });
    await expect(card).toContainText(words);
    await expect(card.getByRole('link', { name: 'tia@bikes.example' })).toHaveAttribute(
      'href',
      'mailto:tia@bikes.example',
    );
    await expect(card.locator('time')).toHaveText(/\w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M/);
    await expect(card).toContainText('Open');
    await expectNoSeriousA11yViolations(admin);

    // Only the open ones, then mark this one done.
    await admin.getByRole('radio', { name: 'Open' }).check();
    await expect(admin).toHaveURL(/status=open/);
    // Other tests send messages meanwhile: wait until the menu and the inbox agree, then count.
    await expect
      .poll(async () => (await menuCount(admin)) === (await openMessages(admin)).open)
      .toBe(true);
    const before = await openMessages(admin);
    await card.getByRole('button', { name: `Mark done: the message from ${sender}` }).click();
    await expect(admin.getByText(`The message from ${sender} is marked done.`)).toBeVisible();
    await expect(card).toBeHidden();
    // One fewer open, give or take messages other tests sent meanwhile.
    const known = new Set(before.data.map((m) => m._id));
    await expect
      .poll(async () => {
        const now = await openMessages(admin);
        const arrived = now.data.filter((m) => !known.has(m._id)).length;
        return (await menuCount(admin)) - (before.open - 1 + arrived);
      })
      .toBe(0);

    // Done, it can be opened again.
    await admin.getByRole('radio', { name: 'Done' }).check();
    const done = admin.getByRole('article', { name: sender });
    await expect(done).toContainText('Done');
    await expect(
      done.getByRole('button', { name: `Reopen: the message from ${sender}` }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(admin);
  },
);

test('the Messages page shows each message as a card with everything in view', async ({
  browser,
  baseURL,
}) => {
  const admin = await signedInAdmin(browser);
  const sender = `Lou Layout ${uniqueWord()}`;
  const sent = await admin.request.post('/api/contact', {
    headers: { origin: String(baseURL) },
    data: {
      name: sender,
      email: 'lou.layout.with.a.long.address@wholesale-bicycle-parts.example',
      message: 'Do you sell spoke nipples in boxes of 1,000?\nWe would collect them ourselves.',
    },
  });
  expect(sent.status()).toBe(201);

  await admin.goto('/dashboard/messages?status=open');
  const card = admin.getByRole('article', { name: sender });
  await expect(card).toContainText('Do you sell spoke nipples in boxes of 1,000?');
  const width = admin.viewportSize()?.width ?? 0;
  for (const part of [
    card.getByRole('heading', { name: sender }),
    card.getByRole('link', { name: /lou\.layout/ }),
    card.locator('time'),
    card.getByRole('button', { name: `Mark done: the message from ${sender}` }),
  ]) {
    const box = await part.boundingBox();
    expect(box, 'each part of the card is drawn').not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);
  }
  const scrollsSideways = await admin.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
  expect(scrollsSideways, 'the page does not scroll sideways').toBe(false);
  await expectNoSeriousA11yViolations(admin);
});
