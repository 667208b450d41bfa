import {
  expect,
  expectConsoleMessage,
  failedLoad,
  test,
  type APIRequestContext,
  type Page,
} from './support/test.ts';
import type { ToolList } from '../src/contract/catalog-list.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { DESKTOP_ONLY, expectPageMeta } from './support/page.ts';

// Finding the part (issue 32): the shop's filters with their counts, chips, the order, the whole
// state in the address, compact rows on a phone, and the category and brand pages, with and
// without scripts.

/** The list the API gives for these filters: what the page must show. */
async function listed(request: APIRequestContext, query: string) {
  const response = await request.get(`/api/tools?limit=100&${query}`);
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as ToolList;
}

const main = (page: Page) => page.getByRole('main');
const cards = (page: Page) => main(page).getByRole('article');
const cardNames = (page: Page) => cards(page).getByRole('heading');
const isPhone = (page: Page) => (page.viewportSize()?.width ?? 0) < 1024;

/**
 * The filters as the visitor reaches them: beside the list on a desktop, in the dialog that
 * "Filters (n)" opens on a phone (opened once; it stays open while filters change).
 */
async function filters(page: Page) {
  if (!isPhone(page)) return page.getByRole('region', { name: 'Filters' });
  const dialog = page.getByRole('dialog', { name: 'Filters' });
  if (!(await dialog.isVisible())) {
    await main(page)
      .getByRole('button', { name: /^Filters/ })
      .click();
  }
  await expect(dialog).toBeVisible();
  return dialog;
}

/** A value's checkbox in a group of the filters: its name is the value, then its count. */
const tick = (within: Awaited<ReturnType<typeof filters>>, group: string, value: string) =>
  within
    .getByRole('group', { name: group, exact: true })
    .getByRole('checkbox', { name: new RegExp(`^${value} \\d`) });

test.describe('finding a part in the shop', () => {
  test('a dealer narrows the catalogue to one chain by its category, speeds and brand, and Back undoes the last filter', async ({
    page,
    request,
  }) => {
    const chain = await listed(request, 'category=chains&a.speeds=10&brand=shimano');
    expect(chain.total, 'the demo catalogue has one 10-speed Shimano chain').toBe(1);
    const tenSpeed = await listed(request, 'category=chains&a.speeds=10');

    // Three clicks from the whole shop: Chains (listed under Drivetrain), 10 speeds, Shimano.
    await page.goto('/shop');
    let panel = await filters(page);
    await expect(panel.getByRole('link', { name: /^Drivetrain \d/ })).toBeVisible();
    await panel.getByRole('link', { name: /^Chains \d/ }).click();
    await expect(page).toHaveURL('/shop?category=chains');
    panel = await filters(page);
    await tick(panel, 'Speeds', '10').check();
    await expect(page).toHaveURL('/shop?category=chains&a.speeds=10');
    // Each brand's count is under the other filters: here, the 10-speed chains.
    const shimano = tenSpeed.facets.brands.find((brand) => brand.slug === 'shimano')!;
    await expect(tick(panel, 'Brand', 'Shimano')).toHaveAccessibleName(`Shimano ${shimano.count}`);
    await tick(panel, 'Brand', 'Shimano').check();
    await expect(page).toHaveURL('/shop?category=chains&brand=shimano&a.speeds=10');
    if (isPhone(page)) {
      await panel.getByRole('button', { name: 'Show 1 product' }).click();
      await expect(panel).toBeHidden();
      await expect(main(page).getByRole('button', { name: 'Filters (3)' })).toBeVisible();
    }
    await expect(main(page).getByText('1 product', { exact: true })).toBeVisible();
    await expect(cardNames(page)).toHaveText([chain.data[0]!.name]);

    // Back: the brand filter is off again, the speeds still on.
    await page.goBack();
    await expect(page).toHaveURL('/shop?category=chains&a.speeds=10');
    await expect(cardNames(page)).toHaveText(tenSpeed.data.slice(0, 12).map((t) => t.name));
    panel = await filters(page);
    await expect(tick(panel, 'Brand', 'Shimano')).not.toBeChecked();
    await expect(tick(panel, 'Speeds', '10')).toBeChecked();
  });

  test('active filters are chips that remove themselves, and Clear all removes every one', async ({
    page,
    request,
  }) => {
    const url = '/shop?q=chain&category=chains&brand=shimano,sram&a.speeds=11&inStock=true';
    await page.goto(url);
    const chips = ['Chains', 'Shimano', 'SRAM', 'Speeds: 11', 'In stock only'];
    for (const chip of chips) {
      await expect(main(page).getByRole('link', { name: `Remove ${chip}` })).toBeVisible();
    }
    if (isPhone(page)) {
      await expect(main(page).getByRole('button', { name: 'Filters (5)' })).toBeVisible();
    }

    await main(page).getByRole('link', { name: 'Remove Shimano' }).click();
    await expect(page).toHaveURL(
      '/shop?q=chain&category=chains&brand=sram&a.speeds=11&inStock=true',
    );
    await expect(main(page).getByRole('link', { name: 'Remove Shimano' })).toHaveCount(0);
    const sram = await listed(
      request,
      'q=chain&category=chains&brand=sram&a.speeds=11&inStock=true',
    );
    await expect(cardNames(page)).toHaveText(sram.data.slice(0, 12).map((t) => t.name));

    await main(page).getByRole('link', { name: 'Clear all' }).click();
    // The search is not a filter: it stays.
    await expect(page).toHaveURL('/shop?q=chain');
    for (const chip of chips) {
      await expect(main(page).getByRole('link', { name: `Remove ${chip}` })).toHaveCount(0);
    }
    await expect(
      page.getByRole('search', { name: 'Shop search' }).getByRole('searchbox'),
    ).toHaveValue('chain');
  });

  test('the order is a labelled choice kept in the address', async ({ page, request }) => {
    const cheapest = await listed(request, 'category=chains&sort=price_asc');
    await page.goto('/c/chains');
    await main(page).getByLabel('Sort by').selectOption({ label: 'Price: low to high' });
    await expect(page).toHaveURL('/c/chains?sort=price_asc');
    await expect(cardNames(page)).toHaveText(cheapest.data.slice(0, 12).map((t) => t.name));
    await page.reload();
    await expect(main(page).getByLabel('Sort by')).toHaveValue('price_asc');
  });

  test('a family shows once, saying how many sizes it comes in', async ({ page, request }) => {
    const chains = await listed(request, 'category=chains');
    const family = chains.data.find((entry) => entry.variantCount > 1);
    expect(family, 'the demo catalogue has chains in several lengths').toBeDefined();
    await page.goto(`/c/chains?brand=${family!.brand!.slug}`);
    const card = cards(page).filter({ has: page.getByRole('heading', { name: family!.name }) });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(`${family!.variantCount} sizes`);
  });

  test('a search that finds nothing offers the nearest spelling', async ({ page, request }) => {
    const answer = await listed(request, 'category=chains&q=cassete');
    expect(answer.total).toBe(0);
    const [word] = answer.suggestions;
    expect(word).toBeDefined();
    await page.goto('/c/chains?q=cassete');
    await expect(main(page).getByText('No products match “cassete”.')).toBeVisible();
    await expect(main(page).getByText('Did you mean:')).toBeVisible();
    await main(page).getByRole('link', { name: word, exact: true }).click();
    await expect(page).toHaveURL(`/c/chains?q=${word}`);
  });

  test('on a phone five or more parts fit on one screen, each a row with its picture, name, SKU, price and availability @phone-only', async ({
    page,
  }) => {
    await page.goto('/shop');
    const first = cards(page).first();
    await expect(first).toBeVisible();
    // The list scrolled to its first card, just under the sticky navbar.
    const headerBottom = await page
      .getByRole('banner')
      .evaluate((header) => header.getBoundingClientRect().bottom);
    await first.evaluate((card, top) => {
      window.scrollBy(0, card.getBoundingClientRect().top - top - 8);
    }, headerBottom);
    const shown = await cards(page).evaluateAll(
      (all, top) =>
        all.filter((card) => {
          const box = card.getBoundingClientRect();
          return box.top >= top && box.bottom <= window.innerHeight;
        }).length,
      headerBottom,
    );
    expect(shown).toBeGreaterThanOrEqual(5);
    await expect(first.getByRole('img')).toBeVisible();
    await expect(first.getByText(/^SKU /)).toBeVisible();
    await expect(first.getByText(/\$\d+\.\d\d per piece/).filter({ visible: true })).toBeVisible();
    await expect(first.getByText(/^(In stock|Low stock|Out of stock)/)).toBeVisible();
    await expect(first.getByRole('button', { name: /^Add to cart: / })).toBeVisible();
  });

  test('the shop, its filters dialog and a category page have no serious accessibility issue', async ({
    page,
  }) => {
    await page.goto('/shop?category=chains&brand=shimano');
    await expect(cards(page).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    if (isPhone(page)) {
      await filters(page);
      await expectNoSeriousA11yViolations(page, 'dialog');
    }
    await page.goto('/c/drivetrain');
    await expect(cards(page).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

/** The page's BreadcrumbList JSON-LD, by the names of its steps. */
async function breadcrumbNames(page: Page) {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const list = blocks
    .map(
      (text) =>
        JSON.parse(text) as { '@type': string; itemListElement?: { name: string; item: string }[] },
    )
    .find((data) => data['@type'] === 'BreadcrumbList');
  return list?.itemListElement?.map((step) => `${step.name} ${new URL(step.item).pathname}`);
}

test.describe('category and brand pages', () => {
  test('a category page has its own title, heading, breadcrumb (with its JSON-LD) and subcategory links', async ({
    page,
    request,
  }) => {
    const drivetrain = await listed(request, 'category=drivetrain');
    await page.goto('/c/drivetrain');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Drivetrain');
    await expectPageMeta(page, 'Drivetrain');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/c\/drivetrain$/);
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    const subcategories = main(page).getByRole('navigation', { name: 'Subcategories' });
    await expect(subcategories.getByRole('link')).toHaveText(
      drivetrain.facets.categories.map((c) => `${c.name} ${c.count}`),
    );
    await subcategories.getByRole('link', { name: /^Chains/ }).click();
    await expect(page).toHaveURL('/c/chains');

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Chains');
    await expectPageMeta(page, 'Chains');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(crumbs.getByRole('listitem')).toHaveText(['Home', 'Shop', 'Drivetrain', 'Chains']);
    await expect(crumbs.getByRole('link', { name: 'Drivetrain' })).toHaveAttribute(
      'href',
      '/c/drivetrain',
    );
    expect(await breadcrumbNames(page)).toEqual([
      'Home /',
      'Shop /shop',
      'Drivetrain /c/drivetrain',
      'Chains /c/chains',
    ]);
  });

  test('a filtered category page is kept out of search engines and points at the plain page', async ({
    page,
  }) => {
    await page.goto('/c/chains?brand=shimano&page=1');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(new URL(canonical ?? '').pathname + new URL(canonical ?? '').search).toBe('/c/chains');
    await page.goto('/shop?inStock=true');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    expect(
      new URL((await page.locator('link[rel="canonical"]').getAttribute('href')) ?? '').pathname,
    ).toBe('/shop');
  });

  test('a brand page lists its parts under its name', async ({ page, request }) => {
    const shimano = await listed(request, 'brand=shimano');
    await page.goto('/b/shimano');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shimano');
    await expectPageMeta(page, 'Shimano');
    await expect(main(page).getByText(`${shimano.total} products`, { exact: true })).toBeVisible();
    await expect(cardNames(page)).toHaveText(shimano.data.slice(0, 12).map((t) => t.name));
    expect(await breadcrumbNames(page)).toEqual(['Home /', 'Shop /shop', 'Shimano /b/shimano']);
  });

  test(
    'an unknown category or brand is the not-found page',
    { tag: DESKTOP_ONLY },
    async ({ page }) => {
      expectConsoleMessage(failedLoad(404), { url: /\/(c|b)\/no-such-(category|brand)$/ });
      for (const path of ['/c/no-such-category', '/b/no-such-brand']) {
        const response = await page.goto(path);
        expect(response?.status()).toBe(404);
        await expect(
          page.getByRole('heading', { name: 'Sorry, This page is not found!' }),
        ).toBeVisible();
      }
    },
  );
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('the filters are a form with Apply that gives the same list, and the sort its own button', async ({
    page,
    request,
  }) => {
    const expected = await listed(request, 'category=chains&brand=shimano,sram&a.speeds=11');
    await page.goto('/c/chains');
    let form = page.getByRole('region', { name: 'Filters' });
    if (isPhone(page)) {
      await main(page).locator('summary', { hasText: 'Filters' }).click();
      form = main(page).locator('details[open]');
    }
    await form.getByRole('checkbox', { name: /^Shimano \d/ }).check();
    await form.getByRole('checkbox', { name: /^SRAM \d/ }).check();
    await form
      .getByRole('group', { name: 'Speeds' })
      .getByRole('checkbox', { name: /^11 \d/ })
      .check();
    await form.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL('/c/chains?brand=shimano&brand=sram&a.speeds=11');
    await expect(main(page).getByText(`${expected.total} products`, { exact: true })).toBeVisible();
    await expect(cardNames(page)).toHaveText(expected.data.slice(0, 12).map((t) => t.name));
    for (const chip of ['Shimano', 'SRAM', 'Speeds: 11']) {
      await expect(main(page).getByRole('link', { name: `Remove ${chip}` })).toBeVisible();
    }

    // The order keeps the filters.
    const byName = await listed(
      request,
      'category=chains&brand=shimano,sram&a.speeds=11&sort=name',
    );
    await main(page).getByLabel('Sort by').selectOption({ label: 'Name' });
    await main(page).getByRole('button', { name: 'Sort', exact: true }).click();
    // A plain form writes the comma of the list it carries along as %2C.
    await expect
      .poll(() => decodeURIComponent(new URL(page.url()).search))
      .toBe('?brand=shimano,sram&a.speeds=11&sort=name');
    await expect(cardNames(page)).toHaveText(byName.data.slice(0, 12).map((t) => t.name));
  });
});
