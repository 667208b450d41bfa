import { expect, type Page } from '@playwright/test';

/**
 * The reviews carousel and the contact form load only when scrolled near, as a visitor
 * would: scroll each into view and wait until it has arrived.
 */
export async function scrollToReviews(page: Page) {
  const reviews = page.getByRole('region', { name: 'Customer Reviews' });
  await reviews.scrollIntoViewIfNeeded();
  // Its first view is there at once; the carousel takes over once its code has arrived.
  await expect(reviews.getByRole('button', { name: 'Go to slide 1', exact: true })).toBeVisible();
  return reviews;
}

export async function scrollToContactForm(page: Page) {
  const contact = page.getByRole('region', { name: 'Contact Us' });
  await contact.scrollIntoViewIfNeeded();
  const form = contact.getByRole('form', { name: 'Contact us' });
  await expect(form).toBeVisible();
  return form;
}

/** Fills the home page's contact form and sends it (with or without the app's script). */
export async function sendContactForm(
  page: Page,
  { name, email, message }: { name: string; email: string; message: string },
) {
  const form = page.getByRole('form', { name: 'Contact us' });
  // With script, its code loads as it comes into view: typed before that, the text is lost.
  if (await page.locator('html[data-ready]').count()) {
    await expect(form).toHaveAttribute('data-live', 'true');
  }
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  await form.getByRole('textbox', { name: 'Email' }).fill(email);
  await form.getByRole('textbox', { name: 'Message' }).fill(message);
  await form.getByRole('button', { name: 'Send' }).click();
}
