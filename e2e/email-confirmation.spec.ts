import { expect, test } from './support/test.ts';
import { fillSignUp, firstLink, mailsTo, uniqueEmail } from './support/accounts.ts';

// Sign-up tells the buyer where the link went; the link says what it did. (The admin's side,
// "You are now an admin of this shop", is what global setup waits for as it confirms the
// ADMIN_EMAILS address.)

const confirmMails = (email: string) =>
  mailsTo(email).filter((m) => m.subject === 'Confirm your email address for ECParts');

test('a buyer signs up, reads where the link went, asks for another and confirms the address with it', async ({
  page,
}, testInfo) => {
  const account = { name: 'Vera Valve', email: uniqueEmail('confirm'), password: 'tubeless-2026' };
  await page.goto('/signup');
  await fillSignUp(page, account);
  await expect(page).toHaveURL(/\/$/);
  const notice = page.getByRole('region', { name: 'Confirm your email' });
  await expect(notice).toContainText(
    `We sent a link to ${account.email}. Open it to confirm your address.`,
  );
  await page.screenshot({ path: testInfo.outputPath('link-sent.png') });

  await expect.poll(() => confirmMails(account.email).length).toBe(1);
  await notice.getByRole('button', { name: 'Resend' }).click();
  await expect(notice).toContainText(`We sent a new link to ${account.email}.`);
  await expect.poll(() => confirmMails(account.email).length).toBe(2);

  // The mail as it is kept: a text part with the link, and an HTML part with its button.
  const mail = confirmMails(account.email).at(-1)!;
  expect(mail.html).toContain('>Confirm my email</a>');
  await page.goto(firstLink(mail));
  await expect(page).toHaveURL(/\/email-confirmed$/);
  await expect(
    page.getByRole('heading', { name: 'Your email is confirmed', level: 1 }),
  ).toBeVisible();
  await expect(page.getByText(`${account.email} is confirmed`)).toBeVisible();
  // A buyer, not a listed admin email.
  await expect(page.getByText('You are now an admin of this shop')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('confirmed.png') });

  // Confirmed: the home page no longer asks.
  await page.getByRole('link', { name: 'Continue to the shop' }).click();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Confirm your email' })).toHaveCount(0);
});

test('a link that does not work says why, and offers another', async ({ page }) => {
  await page.goto('/api/auth/verify-email?token=not-a-token&callbackURL=%2Femail-confirmed');
  await expect(page).toHaveURL(/\/email-confirmed\?error=/);
  await expect(page.getByRole('alert')).toContainText('This link is not valid');
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
});
