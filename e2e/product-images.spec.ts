import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { expect, expectConsoleMessage, failedLoad, type Page } from './support/test.ts';
import type { Product } from '../src/contract/catalog.ts';
import { productPath } from '../src/contract/product-path.ts';
import { expectNoSeriousA11yViolations } from './support/a11y.ts';
import { origin, test, uniqueWord } from './support/admin.ts';
import { DESKTOP_ONLY } from './support/page.ts';

// Product images (issue 33): an admin uploads a picture in Edit product, and the product's page
// shows it, in the sizes the shop made of it. Flows with state: desktop project only (a phone's
// width is checked inside).

async function addProductByApi(page: Page) {
  const response = await page.request.post('/api/tools', {
    headers: { origin: origin() },
    data: {
      name: `Zz E2E Spoke Key ${uniqueWord()}`,
      price: 3.2,
      stock: 40,
      desc: 'A spoke key made for one image upload test.',
      img: '/images/products/chain-checker.svg',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Product;
}

/** A 1,200 × 900 JPEG drawn by sharp, written where the file chooser can pick it. */
async function pictureFile(name: string, background: string) {
  const bytes = await sharp({ create: { width: 1200, height: 900, channels: 3, background } })
    .jpeg()
    .toBuffer();
  const path = join(mkdtempSync(join(tmpdir(), 'ecparts-image-')), name);
  writeFileSync(path, bytes);
  return path;
}

test(`an admin uploads an image and sees it on the product page ${DESKTOP_ONLY}`, async ({
  admin,
}) => {
  const product = await addProductByApi(admin);
  await admin.goto(`/dashboard/manageProduct?q=${encodeURIComponent(product.name)}`);
  const row = admin
    .getByRole('region', { name: 'Products' })
    .getByRole('row')
    .filter({ hasText: product.name });
  await row.getByRole('button', { name: `Manage ${product.name}` }).click();
  const dialog = admin.getByRole('dialog', { name: 'Edit product' });
  const images = dialog.getByRole('region', { name: 'Images' });
  await expect(images).toContainText('No uploaded images');

  // Nothing chosen: said so, nothing sent.
  await images.getByRole('button', { name: 'Upload image' }).click();
  await expect(images.getByRole('alert')).toHaveText('Choose an image file first.');

  await images.getByLabel('Add an image').setInputFiles(await pictureFile('red.jpg', '#c03020'));
  await images.getByRole('button', { name: 'Upload image' }).click();
  await expect(images.getByRole('listitem')).toHaveCount(1);
  await expect(images.getByRole('listitem').first()).toContainText('1200 × 900');
  await images.getByLabel('Add an image').setInputFiles(await pictureFile('blue.jpg', '#2040c0'));
  await images.getByRole('button', { name: 'Upload image' }).click();
  await expect(images.getByRole('listitem')).toHaveCount(2);
  await expect(images.getByRole('button', { name: 'Move image 1 up' })).toBeDisabled();
  await expect(images.getByRole('button', { name: 'Move image 2 down' })).toBeDisabled();

  // A text file named .jpg is refused, with the server's reason.
  expectConsoleMessage(failedLoad(400), { url: new RegExp(`/api/tools/${product._id}/images$`) });
  const fake = join(mkdtempSync(join(tmpdir(), 'ecparts-image-')), 'fake.jpg');
  writeFileSync(fake, 'not a picture');
  await images.getByLabel('Add an image').setInputFiles(fake);
  await images.getByRole('button', { name: 'Upload image' }).click();
  await expect(images.getByRole('alert')).toHaveText(
    'The file is not an image (JPEG, PNG or WebP)',
  );

  await admin.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousA11yViolations(admin, 'dialog');
  await admin.screenshot({ path: 'test-results/product-images-390.png', fullPage: false });
  await admin.setViewportSize({ width: 1280, height: 900 });
  await admin.screenshot({ path: 'test-results/product-images-desktop.png', fullPage: false });

  // The second first: it becomes the product's picture.
  await images.getByRole('button', { name: 'Move image 2 up' }).click();
  await expect(images.getByRole('listitem').first()).toContainText('First: the picture');
  const list = await admin.request.get(`/api/tools/${product._id}/images`);
  const [first] = ((await list.json()) as { data: { _id: string; url: string }[] }).data;
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await admin.goto(productPath(product));
  const picture = admin.getByRole('img', { name: product.name }).first();
  await expect(picture).toHaveAttribute('src', first!.url);
  await expect(picture).toHaveAttribute(
    'srcset',
    new RegExp(`/media/${first!._id}-1280\\.webp 1280w`),
  );
  await expect(picture).toHaveAttribute('width', /\d+/);
  await expect(picture).toHaveAttribute('height', /\d+/);
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await admin.screenshot({ path: 'test-results/product-images-page.png' });
});
