import { expect, expectConsoleMessage, failedLoad, test, type Page } from './support/test.ts';
import type { BlogList } from '../src/contract/blogs.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import {
  expectFailedLoad,
  expectPageMeta,
  failApi,
  followLinkTo,
  DESKTOP_ONLY,
} from './support/page.ts';

const qaSection = (page: Page) => page.getByRole('region', { name: 'Questions and answers' });
const postsSection = (page: Page) => page.getByRole('region', { name: 'Latest posts' });

test.describe('the blog', () => {
  test('a visitor reads the seven questions and answers', async ({ page }) => {
    await page.goto('/blog');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to my Blogs');
    const questions = qaSection(page).getByRole('article').getByRole('heading');
    await expect(questions).toHaveText([
      'How will you improve the performance of a React application?',
      'What are the different ways to manage a state in a React application?',
      'How does prototypal inheritance work?',
      /^Why should you never set the state directly in React/,
      'How would you search for a product by its name in an array of products?',
      'What is a unit test?',
      'Why should you write unit tests?',
    ]);
    await expect(
      qaSection(page).getByText('Start by measuring. The React DevTools Profiler'),
    ).toBeVisible();
  });

  test('the product search answer shows its code on request', async ({ page }) => {
    await page.goto('/blog');
    const card = qaSection(page).getByRole('article', {
      name: 'How would you search for a product by its name in an array of products?',
    });
    const code = card.getByText('function searchProducts(');
    await expect(code).toBeHidden();

    await card.getByRole('button', { name: 'See the code' }).click();
    await expect(card.getByText('Case-insensitive product search')).toBeVisible();
    await expect(code).toBeVisible();
    await expectNoSeriousA11yViolations(page, '#search-products');

    await card.getByRole('button', { name: 'Hide the code' }).click();
    await expect(code).toBeHidden();
  });

  test('a visitor opens a blog post from the list and comes back', async ({ page, request }) => {
    const { data: blogs } = (await (await request.get('/api/blogs')).json()) as BlogList;
    expect(blogs.length).toBeGreaterThan(0);

    await page.goto('/blog');
    const cards = postsSection(page).getByRole('article');
    await expect(cards.getByRole('heading')).toHaveText(blogs.map((b) => b.title));

    const post = blogs[0]!;
    await cards
      .first()
      .getByRole('link', { name: `Read More: ${post.title}` })
      .click();
    await expect(page).toHaveURL(`/blogs/${post._id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(post.title);
    const firstParagraph = post.desc.split('\n\n')[0]!;
    await expect(page.getByText(firstParagraph)).toBeVisible();
    const picture = page.getByRole('main').locator('img');
    await expect(picture).toHaveAttribute('src', post.img);
    await expect(picture).toHaveJSProperty('complete', true);
    await expectPageMeta(page, post.title);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('link', { name: 'Back to the blog' }).click();
    await expect(page).toHaveURL('/blog');
  });

  test('a blog post that does not exist says so', { tag: DESKTOP_ONLY }, async ({ page }) => {
    expectConsoleMessage(failedLoad(404), {
      url: /\/blogs\/00000000-0000-4000-8000-000000000000$/,
    });
    await page.goto('/blogs/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'This blog post does not exist.',
    );
    await expectPageMeta(page, 'Blog post not found');
    await page.getByRole('link', { name: 'Back to the blog' }).click();
    await expect(page).toHaveURL('/blog');
  });

  test(
    'a failed post list shows its message in red under the questions',
    { tag: DESKTOP_ONLY },
    async ({ page }) => {
      await failApi(page, '**/api/blogs', { message: 'The blog is offline' });
      await followLinkTo(page, 'blog');
      const alert = postsSection(page).getByRole('alert');
      await expectFailedLoad(alert, 'The blog is offline');
      await expect(qaSection(page).getByRole('article')).toHaveCount(7);
      await expectNoSeriousA11yViolations(page, 'section[aria-labelledby="latest-posts"]');
    },
  );

  test(
    'a blog post that fails to load shows the message and the way back',
    { tag: DESKTOP_ONLY },
    async ({ page }) => {
      // A post the app opens from the blog's list, so the browser asks for it.
      await page.goto('/blog');
      await failApi(page, '**/api/blogs/*', { message: 'The blog is offline' });
      await postsSection(page).getByRole('article').first().getByRole('link').first().click();
      await expect(page).toHaveURL(/\/blogs\/[^/]+$/);
      const alert = page.getByRole('main').getByRole('alert');
      await expectFailedLoad(alert, 'The blog is offline');
      await expect(page.getByRole('link', { name: 'Back to the blog' })).toBeVisible();
    },
  );

  test('the blog has a title, a description and no serious accessibility issue', async ({
    page,
  }) => {
    await page.goto('/blog');
    await expect(postsSection(page).getByRole('article').first()).toBeVisible();
    await expectPageMeta(page, 'Blog');
    await expectNoSeriousA11yViolations(page);
  });
});
