import { expect, expectConsoleMessage, failedLoad, test } from './support/test.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { expectPageMeta } from './support/page.ts';

test.describe('the portfolio page', () => {
  test('a visitor reads about the author and follows the project links', async ({
    page,
    request,
  }) => {
    await page.goto('/myportfolio');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Daniel Hartmann');
    await expect(page.getByText('Full-stack TypeScript developer')).toBeVisible();
    await expect(page.getByText(/^Hi, I am Daniel/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Expertise' })).toBeVisible();

    const projects = page.getByRole('region', { name: 'Projects' }).getByRole('article');
    await expect(projects.getByRole('heading')).toHaveText([
      'ECParts storefront',
      'ECParts API documentation',
      'Source code',
    ]);
    await expect(projects.getByRole('link')).toHaveText([
      'Visit the shop',
      'Read the API docs',
      'Browse the source',
    ]);
    await expect(projects.getByRole('link', { name: 'Visit the shop' })).toHaveAttribute(
      'href',
      '/',
    );
    const docs = projects.getByRole('link', { name: 'Read the API docs' });
    const docsHref = await docs.getAttribute('href');
    expect(docsHref).toBe('/api/docs');
    expect((await request.get(docsHref!)).ok(), 'the API docs are served').toBe(true);

    await expectPageMeta(page, 'Daniel Hartmann: portfolio');
    await expectNoSeriousA11yViolations(page);

    await projects.getByRole('link', { name: 'Browse the source' }).click();
    await expect(page).toHaveURL('/source');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Source code');
  });
});

test.describe('the source code page', () => {
  test('a visitor tours the project folders and learns how to run it', async ({ page }) => {
    await page.goto('/source');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Source code');
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText([
      'Shared contract',
      'Server',
      'Web app',
      'Database, tests and budgets',
      'How to run it',
    ]);
    await expect(page.getByText('src/contract', { exact: true })).toBeVisible();
    await expect(page.getByText('npm ci && npm start')).toBeVisible();
    await expect(page.getByText('npm ci && npm test')).toBeVisible();
    await expectPageMeta(page, 'Source code');
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('the legal page', () => {
  test('a visitor reads the terms, privacy and cookie policies', async ({ page }) => {
    await page.goto('/legal');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Legal');
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText([
      'Terms of use',
      'Privacy policy',
      'Cookie policy',
    ]);
    await expect(
      page.getByRole('region', { name: 'Terms of use' }).getByText(/at least 10 pieces/),
    ).toBeVisible();
    await expectPageMeta(page, 'Legal');
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('the login and sign-up pages', () => {
  test('the login and sign-up pages greet the visitor', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Login Now');
    await expect(page.getByText('Please login and explore')).toBeVisible();
    await expectPageMeta(page, 'Login');
    await expectNoSeriousA11yViolations(page);

    await page.goto('/signup');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign Up');
    await expect(page.getByText('Join our community and explore')).toBeVisible();
    await expectPageMeta(page, 'Sign Up');
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('pages that do not exist', () => {
  test('an unknown address says the page is not found and leads home', async ({
    page,
    baseURL,
  }) => {
    for (const path of ['/blogs', '/no-such-page']) {
      expectConsoleMessage(failedLoad(404), { url: new RegExp(`^${baseURL}${path}$`) });
      const response = await page.goto(path);
      expect(response?.status(), `the server answers 404 for ${path}`).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        'Sorry, This page is not found!',
      );
      await expectPageMeta(page, 'Page not found');
    }
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bycycle spare parts');
  });
});

test.describe('pages that need an account', () => {
  test('a signed-out visitor who opens a purchase, payment or dashboard page is sent to log in', async ({
    page,
  }) => {
    for (const path of [
      '/tools/00000000-0000-4000-8000-000000000000',
      '/order/payment/00000000-0000-4000-8000-000000000000',
      '/dashboard',
      '/dashboard/myprofile',
    ]) {
      await page.goto(path);
      await expect(page, `${path} leads to /login`).toHaveURL('/login');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Login Now');
    }
  });
});
