import { expect, test, type Page } from '@playwright/test';
import type { ToolList } from '../src/contract/catalog.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { scrollToContactForm, scrollToReviews } from './support/home.ts';
import {
  expectAfterRetries,
  expectPageMeta,
  expectRedText,
  failApi,
  SAME_AT_ANY_WIDTH,
} from './support/page.ts';

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test.describe('neg', () => {
  test('the whole home page has a title, sized images that load and no serious a11y issue', async ({
    page,
  }) => {
    await page.route('**/images/contact.svg', (r) => r.fulfill({ status: 404 }));
    await page.goto('/');
    await expectPageMeta(page, 'Bicycle spare parts and tools in bulk');
    await expect(section(page, 'Cycle Tools').getByRole('article').first()).toBeVisible();
    await expect(section(page, 'Blogs').getByRole('article').first()).toBeVisible();
    await scrollToReviews(page);
    await scrollToContactForm(page);

    const images = page.locator('img');
    expect(await images.count()).toBeGreaterThan(10);
    const unsized = await images.evaluateAll((all) =>
      all
        .filter((img) => !img.getAttribute('width') || !img.getAttribute('height'))
        .map((img) => img.outerHTML),
    );
    expect(unsized, 'images without width and height').toEqual([]);
    // Scroll through the page as a visitor would, so the lazy images load too.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
        window.scrollTo(0, y);
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
    });
    // Reviews beyond the carousel's first slides need not have loaded yet.
    const outsideCarousel = page.locator('img:not(.swiper img)');
    await expect
      .poll(
        () =>
          outsideCarousel.evaluateAll((all) =>
            (all as HTMLImageElement[])
              .filter((img) => !img.complete || img.naturalWidth === 0)
              .map((img) => img.getAttribute('src')),
          ),
        { message: 'images that have not loaded' },
      )
      .toEqual([]);

    await page.getByText('How do I pay for an order?').click();
    await expectNoSeriousA11yViolations(page);
  });
});
