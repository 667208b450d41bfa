import {
  expect,
  expectConsoleMessage,
  failedLoad,
  test,
  type Locator,
  type Page,
} from './support/test.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { DESKTOP_ONLY } from './support/page.ts';

const NAV_LINKS = ['Home', 'Shop', 'Blog', 'My Portfolio', 'Login'];

/** The navbar links a visitor can reach: on a phone they sit behind the menu button. */
async function navLinks(page: Page, isMobile: boolean) {
  const banner = page.getByRole('banner');
  if (isMobile) await banner.getByRole('button', { name: 'Open menu' }).click();
  return banner.getByRole('listitem').getByRole('link');
}

const background = (link: Locator) =>
  link.evaluate((element) => getComputedStyle(element).backgroundColor);

test.describe('the navigation bar', () => {
  test('a visitor reaches every page from the logo and navbar and sees where they are', async ({
    page,
    isMobile,
  }) => {
    const pages = [
      { link: 'Shop', url: '/shop', heading: 'Shop Page' },
      { link: 'Blog', url: '/blog', heading: 'Welcome to my Blogs' },
      { link: 'My Portfolio', url: '/myportfolio', heading: 'Daniel Hartmann' },
      { link: 'Login', url: '/login', heading: 'Login Now' },
      { link: 'Home', url: '/', heading: 'Bycycle spare parts' },
    ];
    await page.goto('/blog');
    await page.getByRole('banner').getByRole('link', { name: 'ECParts home' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bycycle spare parts');

    for (const target of pages) {
      const links = await navLinks(page, isMobile);
      await expect(links).toHaveText(NAV_LINKS);
      await links.and(page.getByRole('link', { name: target.link, exact: true })).click();
      await expect(page).toHaveURL(target.url);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(target.heading);

      // The link of the page you are on is marked and highlighted; the others are not.
      const current = await navLinks(page, isMobile);
      const named = (name: string) => current.and(page.getByRole('link', { name, exact: true }));
      const active = named(target.link);
      const other = named(target.link === 'Home' ? 'Shop' : 'Home');
      await expect(active).toHaveAttribute('aria-current', 'page');
      await expect(other).not.toHaveAttribute('aria-current', 'page');
      expect(await background(active)).not.toBe(await background(other));
      if (isMobile) await page.getByRole('button', { name: 'Close menu' }).click();
    }
  });

  test('on a phone the links fold into a menu button, on a desktop they show', async ({
    page,
    isMobile,
  }) => {
    await page.goto('/');
    const banner = page.getByRole('banner');
    const menuButton = banner.getByRole('button', { name: 'Open menu' });
    const shopLink = banner.getByRole('link', { name: 'Shop', exact: true });
    if (!isMobile) {
      await expect(menuButton).toBeHidden();
      await expect(shopLink).toBeVisible();
      return;
    }
    await expect(shopLink).toBeHidden();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await menuButton.click();
    const closeButton = banner.getByRole('button', { name: 'Close menu' });
    await expect(closeButton).toHaveAttribute('aria-expanded', 'true');
    await expect(shopLink).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'header');

    await shopLink.click();
    await expect(page).toHaveURL('/shop');
    // Choosing a page closes the menu.
    await expect(shopLink).toBeHidden();
    await expect(menuButton).toBeVisible();
  });

  test('a visitor searches the shop from the navbar', async ({ page }) => {
    await page.goto('/');
    const search = page.getByRole('banner').getByRole('search');
    await expect(search.getByText('Search', { exact: true })).toBeVisible();
    await search.getByRole('searchbox').fill('wrench');
    await search.getByRole('button', { name: 'Search products' }).click();

    await expect(page).toHaveURL('/shop?q=wrench');
    await expect(page.getByText(/products? matching “wrench”/)).toBeVisible();
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
    for (const name of await page
      .getByRole('main')
      .getByRole('article')
      .getByRole('heading')
      .allTextContents()) {
      expect(name.toLowerCase()).toContain('wrench');
    }
    // The box keeps the search while on the shop, and searching again replaces it.
    await expect(search.getByRole('searchbox')).toHaveValue('wrench');
    await search.getByRole('searchbox').fill('');
    await search.getByRole('searchbox').press('Enter');
    await expect(page).toHaveURL('/shop');
  });

  test('the account menu offers Profile, Order and Login to a signed-out visitor', async ({
    page,
  }) => {
    await page.goto('/');
    const accountButton = page.getByRole('button', { name: 'Account menu' });
    await expect(accountButton).toHaveAttribute('aria-expanded', 'false');
    await accountButton.click();
    await expect(accountButton).toHaveAttribute('aria-expanded', 'true');
    const menu = page.getByRole('banner').getByRole('list').filter({ hasText: 'Profile' });
    await expect(menu.getByRole('link')).toHaveText(['Profile', 'Order', 'Login']);
    await expectNoSeriousA11yViolations(page, 'header');

    // Escape closes it; Login opens the login page.
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await accountButton.click();
    await menu.getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL('/login');
    await expect(menu).toBeHidden();

    // Profile and Order need an account, so they lead to the login page too.
    await accountButton.click();
    await menu.getByRole('link', { name: 'Order' }).click();
    await expect(page).toHaveURL('/login');
  });

  test(
    'a page whose code fails to arrive offers a reload that brings it back',
    { tag: DESKTOP_ONLY },
    async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bycycle spare parts');
      await page.route('**/assets/shop-page-*.js', (route) => route.abort('connectionreset'));
      expectConsoleMessage(failedLoad('net::ERR_CONNECTION_RESET'), {
        url: /\/assets\/shop-page-[\w-]+\.js$/,
      });

      await page.getByRole('link', { name: 'Get Started' }).click();
      const problem = page.getByRole('alert');
      await expect(problem.getByRole('heading')).toHaveText('This page could not be loaded');
      await expect(problem).toContainText('Reloading usually fixes it.');
      // The navbar and footer stay, so the visitor can still go elsewhere.
      await expect(page.getByRole('contentinfo')).toContainText('All Right reserved - 2022');
      await expectNoSeriousA11yViolations(page, 'main');

      await page.unrouteAll();
      await problem.getByRole('button', { name: 'Reload' }).click();
      await expect(page).toHaveURL('/shop');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shop Page');
    },
  );
});

test.describe('the footer', () => {
  test('the footer shows its columns and copyright, and its links lead to the pages', async ({
    page,
  }) => {
    await page.goto('/blog');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('Providing reliable services since 2019.');
    await expect(footer.getByRole('navigation')).toHaveCount(3);
    await expect(footer.getByRole('heading', { level: 2 })).toHaveText([
      'Services',
      'Company',
      'Legal',
    ]);
    await expect(footer.getByRole('navigation', { name: 'Services' }).getByRole('link')).toHaveText(
      ['Bulk orders', 'Workshop tools', 'Contact sales'],
    );
    await expect(footer.getByRole('navigation', { name: 'Company' }).getByRole('link')).toHaveText([
      'About us',
      'Blog',
      'Portfolio',
    ]);
    await expect(footer.getByRole('navigation', { name: 'Legal' }).getByRole('link')).toHaveText([
      'Terms of use',
      'Privacy policy',
      'Cookie policy',
    ]);
    await expect(footer.getByText('All Right reserved - 2022', { exact: true })).toBeVisible();

    await footer.getByRole('link', { name: 'Workshop tools' }).click();
    await expect(page).toHaveURL('/shop?q=tool');
    await expect(page.getByText(/products? matching “tool”/)).toBeVisible();

    await footer.getByRole('link', { name: 'Privacy policy' }).click();
    await expect(page).toHaveURL('/legal#privacy');
    await expect(page.getByRole('heading', { name: 'Privacy policy' })).toBeInViewport();

    await footer.getByRole('link', { name: 'Portfolio' }).click();
    await expect(page).toHaveURL('/myportfolio');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Daniel Hartmann');

    await footer.getByRole('link', { name: 'Contact sales' }).click();
    await expect(page).toHaveURL('/#contact');
    await expect(page.getByRole('heading', { name: 'Contact Us' })).toBeInViewport();
  });
});
