import { chromium, type FullConfig } from '@playwright/test';
import {
  fillSignUp,
  firstLink,
  mailsTo,
  sessionFile,
  shared,
  type SharedRole,
} from './accounts.ts';

/**
 * Signs the shared admin and customer up through the sign-up page, once per run, and saves
 * their sessions (with the access token the page keeps in local storage) for the tests.
 * Playwright runs this after the web servers are up. Signing up here rather than in each
 * worker keeps the run's sign-ups few: the server allows 30 per IP per hour.
 */
export default async function globalSetup(config: FullConfig) {
  const project = config.projects.find((p) => p.name === 'desktop') ?? config.projects[0];
  const browser = await chromium.launch(project?.use.launchOptions);
  try {
    for (const role of Object.keys(shared) as SharedRole[]) {
      const context = await browser.newContext({ baseURL: project?.use.baseURL });
      const page = await context.newPage();
      await page.goto('/signup');
      await fillSignUp(page, shared[role]);
      // Signed in once the shop is back home and the access token is stored.
      await page.waitForURL((url) => url.pathname === '/');
      await page.waitForFunction(() => localStorage.getItem('accessToken') !== null);
      if (role === 'admin') {
        // ADMIN_EMAILS makes the address admin once it is verified: the mailed link does it.
        const mail = mailsTo(shared.admin.email).at(-1);
        if (!mail) throw new Error('no verification mail for the e2e admin');
        await page.goto(firstLink(mail));
        // The link lands on the page that says what it did (e2e/email-confirmation.spec.ts).
        await page.waitForURL((url) => url.pathname === '/email-confirmed');
        await page.getByText('You are now an admin of this shop').waitFor();
      }
      await context.storageState({ path: sessionFile(role) });
      await context.close();
    }
  } finally {
    await browser.close();
  }
}
