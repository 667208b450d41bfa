import type { Product } from '../../src/contract/catalog.ts';
import type { Locator, Page } from './test.ts';

/** The cart page's line of a product, found by its SKU. */
export const cartRow = (page: Page, product: Pick<Product, 'sku'>) =>
  page
    .getByRole('region', { name: 'Cart lines' })
    .getByRole('row')
    .filter({ hasText: product.sku });

/** A cart line's quantity field, named after its product. */
export const quantityOf = (row: Locator, product: Pick<Product, 'name'>) =>
  row.getByRole('spinbutton', { name: `Quantity of ${product.name}` });
