import { expect, test } from './support/test.ts';
import { socialShopURL } from './support/servers.ts';

// The production shop refuses a test identity provider, so this runs against the test-mode
// server that playwright.config.ts starts beside it for social sign-in alone.
test.use({ baseURL: socialShopURL });

test('signing in with GitHub comes back to the page of origin, signed in', async ({ page }) => {
  await page.goto('/dashboard/myprofile');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('button', { name: 'Continue with GitHub' }).click();
  await expect(page).toHaveURL(/\/dashboard\/myprofile$/);
  await expect(page.getByText('social.rider@example.com')).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('accessToken')))
    .toMatch(/^v1\./);
});
