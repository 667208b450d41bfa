import { expect, test, type Page } from './support/test.ts';
import type { ToolList } from '../src/contract/catalog-list.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { scrollToContactForm, scrollToReviews, sendContactForm } from './support/home.ts';
import {
  expectFailedLoad,
  expectPageMeta,
  expectRedText,
  failApi,
  followLinkTo,
  DESKTOP_ONLY,
} from './support/page.ts';

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const ANA_ASKS = {
  name: 'Ana Lima',
  email: 'ana@example.com',
  message: 'Do you ship to Portugal?',
};

/** Cycle Tools' Load More leads to the shop, whatever state the section is in. */
async function loadMoreOpensTheShop(page: Page) {
  await section(page, 'Cycle Tools').getByRole('link', { name: 'Load More' }).click();
  await expect(page).toHaveURL('/shop');
}

test.describe('the home page', () => {
  test('a visitor sees the hero and Get Started takes them to the shop', async ({ page }) => {
    await page.goto('/');
    const hero = section(page, 'Bycycle spare parts');
    await expect(hero.getByText('Welcome to ECParts')).toBeVisible();
    await expect(hero.getByRole('heading', { level: 1 })).toHaveText('Bycycle spare parts');
    await expect(hero.getByText('Incridible products with unbitable price')).toBeVisible();
    await expect(
      hero.getByRole('img', { name: 'A bicycle surrounded by spare parts and workshop tools' }),
    ).toBeVisible();

    await hero.getByRole('link', { name: 'Get Started' }).click();
    await expect(page).toHaveURL('/shop');
    await expect(page.getByRole('heading', { level: 1, name: 'Shop Page' })).toBeVisible();
  });

  test('Cycle Tools shows the products as cards that lead to ordering and to the shop', async ({
    page,
    request,
    isMobile,
  }) => {
    const { data: tools } = (await (await request.get('/api/tools?limit=6')).json()) as ToolList;
    expect(tools.length).toBeGreaterThan(1);
    await page.goto('/');
    const cycleTools = section(page, 'Cycle Tools');
    const cards = cycleTools.getByRole('article');
    await expect(cards).toHaveCount(tools.length);

    for (const [index, tool] of tools.entries()) {
      const card = cards.nth(index);
      await expect(card.getByRole('heading', { level: 3 })).toHaveText(tool.name);
      await expect(card.getByRole('img', { name: tool.name })).toBeVisible();
      await expect(card.getByText(tool.desc)).toBeVisible();
      const price = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
      await expect(card).toContainText(`${price.format(tool.price)} per piece`);
      await expect(card.getByRole('link', { name: `Order Now: ${tool.name}` })).toHaveAttribute(
        'href',
        `/tools/${tool._id}`,
      );
    }

    // One column on a phone, two side by side from medium width up.
    const first = await cards.nth(0).boundingBox();
    const second = await cards.nth(1).boundingBox();
    if (isMobile) expect(second!.y).toBeGreaterThanOrEqual(first!.y + first!.height);
    else expect(second!.y).toBe(first!.y);

    // Ordering needs an account: a signed-out visitor is asked to log in first.
    await cards
      .first()
      .getByRole('link', { name: /^Order Now/ })
      .click();
    await expect(page).toHaveURL('/login');
    await page.goBack();
    await loadMoreOpensTheShop(page);
  });

  test(
    'Cycle Tools shows a loading indicator until the products arrive',
    { tag: DESKTOP_ONLY },
    async ({ page }) => {
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/tools?*', async (route) => {
        await released;
        await route.continue();
      });
      await followLinkTo(page, 'home');
      const cycleTools = section(page, 'Cycle Tools');
      await expect(cycleTools.getByRole('status')).toHaveText('Loading tools…');
      await expect(cycleTools.getByRole('article')).toHaveCount(0);

      release();
      await expect(cycleTools.getByRole('article').first()).toBeVisible();
      await expect(cycleTools.getByRole('status')).toHaveCount(0);
    },
  );

  test('a failed product list shows its message in red and the rest of the page still works', async ({
    page,
  }) => {
    await failApi(page, '**/api/tools**', { message: 'Something went wrong' });
    await followLinkTo(page, 'home');

    const alert = section(page, 'Cycle Tools').getByRole('alert');
    await expectFailedLoad(alert, 'Something went wrong');
    await expect(section(page, 'Cycle Tools').getByRole('article')).toHaveCount(0);

    // The other sections are unaffected and the page stays usable.
    await expect(section(page, 'Blogs').getByRole('article').first()).toBeVisible();
    const reviews = await scrollToReviews(page);
    await expect(reviews.getByRole('article').first()).toBeVisible();
    await loadMoreOpensTheShop(page);
  });

  test(
    'failed reviews and blog lists show their messages in red under their sections',
    { tag: DESKTOP_ONLY },
    async ({ page }) => {
      await failApi(page, '**/api/reviews**', { message: 'Reviews are resting' });
      await failApi(page, '**/api/blogs**', { message: 'The blog is offline' });
      await followLinkTo(page, 'home');

      const reviewsAlert = section(page, 'Customer Reviews').getByRole('alert');
      const blogsAlert = section(page, 'Blogs').getByRole('alert');
      await expectFailedLoad(reviewsAlert, 'Reviews are resting');
      await expectFailedLoad(blogsAlert, 'The blog is offline');

      await expect(section(page, 'Cycle Tools').getByRole('article').first()).toBeVisible();
      await section(page, 'Blogs').getByRole('link', { name: 'See More' }).click();
      await expect(page).toHaveURL('/blog');
    },
  );

  test('the summary, bulk steps, reasons to buy and questions show their copy', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(section(page, 'Business Summary').getByRole('listitem')).toHaveText([
      '550+Successfully Delivered',
      '450+Happy Clients',
      '300+Repeat Customer',
      '400+Positive Feedback',
    ]);
    const headings = {
      'How bulk ordering works': [
        'Step 1: Choose your parts',
        'Step 2: Order 10 pieces or more',
        'Step 3: Pay by card',
        'Step 4: We ship from the factory',
      ],
      'Why buy from the manufacturer': [
        'Factory prices',
        'Consistent quality',
        'Made by mechanics',
        'Reliable since 2019',
      ],
    };
    for (const [name, titles] of Object.entries(headings)) {
      await expect(section(page, name).getByRole('heading', { level: 3 })).toHaveText(titles);
    }

    // Each question opens to show its answer.
    const faq = section(page, 'Questions and answers');
    await expect(faq.getByRole('group')).toHaveCount(5);
    const answer = faq.getByText('The minimum is 10 pieces of a product per order.');
    await expect(answer).toBeHidden();
    await faq.getByText('What is the minimum order quantity?').click();
    await expect(answer).toBeVisible();
  });

  test('Customer Reviews is a carousel of short reviews with arrows and bullets', async ({
    page,
    isMobile,
  }) => {
    await page.goto('/');
    const reviews = await scrollToReviews(page);
    const cards = reviews.getByRole('article');
    // The eight demo reviews at least: tests running beside this one (admin.spec.ts) add theirs
    // to the shared database, newest first.
    await expect(cards.nth(7)).toBeAttached();
    const count = await cards.count();

    const maria = cards.filter({ has: page.getByRole('heading', { name: 'Maria Keller' }) });
    await expect(maria).toContainText('We switched our work…');
    await expect(maria).toContainText('Rating 5');
    // Every preview is the first 20 characters followed by an ellipsis.
    for (const text of await cards.locator('p[title]').allTextContents()) {
      expect(text).toMatch(/^.{20}…$/);
    }
    // The reviewer's photo has arrived.
    await expect(maria.locator('img')).toHaveJSProperty('complete', true);
    expect(
      await maria.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBeGreaterThan(0);

    // Three reviews in view on a desktop, one on a phone.
    const inView = isMobile ? 1 : 3;
    for (let i = 0; i < count; i++) {
      if (i < inView) await expect(cards.nth(i)).toBeInViewport({ ratio: 0.95 });
      else await expect(cards.nth(i)).not.toBeInViewport({ ratio: 0.5 });
    }

    const previous = reviews.getByRole('button', { name: 'Previous reviews' });
    const next = reviews.getByRole('button', { name: 'Next reviews' });
    const first = cards.first();
    await expect(previous).toBeDisabled();
    await next.click();
    await expect(first).not.toBeInViewport();
    await expect(cards.nth(inView)).toBeInViewport({ ratio: 0.95 });
    await expect(previous).toBeEnabled();
    await previous.click();
    await expect(first).toBeInViewport({ ratio: 0.95 });

    const bullets = reviews.getByRole('button', { name: /^Go to slide \d+$/ });
    await expect(bullets).toHaveCount(count - inView + 1);
    await bullets.last().click();
    await expect(cards.last()).toBeInViewport({ ratio: 0.95 });
    await expect(first).not.toBeInViewport();
    await expect(next).toBeDisabled();
  });

  test('the Blogs section links each card to its post and See More to the blog', async ({
    page,
  }) => {
    await page.goto('/');
    const blogs = section(page, 'Blogs');
    const cards = blogs.getByRole('article');
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeGreaterThanOrEqual(1);
    expect(await cards.count()).toBeLessThanOrEqual(6);

    const title = (await cards.first().getByRole('heading').textContent()) ?? '';
    await cards
      .first()
      .getByRole('link', { name: `Read More: ${title}` })
      .click();
    await expect(page).toHaveURL(/\/blogs\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);

    await page.goBack();
    await section(page, 'Blogs').getByRole('link', { name: 'See More' }).click();
    await expect(page).toHaveURL('/blog');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to my Blogs');
  });

  test('the contact form shows its fields and asks for what is missing before sending', async ({
    page,
  }) => {
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/contact')) sent.push(r.method());
    });
    await page.goto('/');
    const form = await scrollToContactForm(page);
    const contact = section(page, 'Contact Us');
    await expect(contact.locator('img[src$="contact.svg"]')).toBeVisible();

    const name = form.getByRole('textbox', { name: 'Name' });
    const email = form.getByRole('textbox', { name: 'Email' });
    const message = form.getByRole('textbox', { name: 'Message' });
    await expect(name).toHaveAttribute('placeholder', 'Your name');
    await expect(name).toHaveAttribute('type', 'text');
    await expect(email).toHaveAttribute('placeholder', 'email');
    await expect(email).toHaveAttribute('type', 'email');
    await expect(message).toHaveAttribute('placeholder', 'Drop a line...');
    await expect(message).toHaveAttribute('rows', '4');

    await form.getByRole('button', { name: 'Send' }).click();
    await expect(form.getByRole('alert')).toHaveText([
      'Please enter your name',
      'Please enter a valid email',
      'Please write a message',
    ]);
    await expectRedText(form.getByRole('alert').first());
    await expect(name).toBeFocused();

    await name.fill('Ana');
    await email.fill('not-an-email');
    await message.fill('Do you sell brake pads in boxes of 50?');
    await form.getByRole('button', { name: 'Send' }).click();
    await expect(form.getByRole('alert')).toHaveText(['Please enter a valid email']);
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
  });

  test(
    'a visitor sends a message and the form thanks them and clears',
    { tag: DESKTOP_ONLY },
    async ({ page }) => {
      // The server accepts 5 messages per 10 minutes from one address: send one per run.
      await page.goto('/');
      const form = await scrollToContactForm(page);
      await sendContactForm(page, ANA_ASKS);

      await expect(
        page.getByRole('alert').filter({
          hasText: 'Thank you! We will get back to you within one business day.',
        }),
      ).toBeVisible();
      await expect(form.getByRole('textbox', { name: 'Name' })).toHaveValue('');
      await expect(form.getByRole('textbox', { name: 'Message' })).toHaveValue('');
    },
  );

  test(
    'a visitor whose message is refused sees why and keeps what they wrote',
    { tag: DESKTOP_ONLY },
    async ({ page }) => {
      await failApi(page, '**/api/contact', {
        status: 429,
        message: 'Too many requests. Please try again in 10 minutes.',
      });
      await page.goto('/');
      const form = await scrollToContactForm(page);
      await sendContactForm(page, ANA_ASKS);

      await expect(
        page
          .getByRole('alert')
          .filter({ hasText: 'Too many requests. Please try again in 10 minutes.' }),
      ).toBeVisible();
      await expect(form.getByRole('textbox', { name: 'Message' })).toHaveValue(ANA_ASKS.message);
    },
  );

  test('the whole home page has a title, sized images that load and no serious a11y issue', async ({
    page,
  }) => {
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
