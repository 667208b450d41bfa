import { sitePaths, toPath } from './site-paths.ts';

/** "Chain Wear Checker (pro)" -> "chain-wear-checker-pro": the readable part of the address. */
export function productSlug(name: string) {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}

/**
 * A product's public page: `/products/{id}/{slug}`. The id alone finds the page (the slug is
 * only read by people and search engines), so a renamed product's old links keep working.
 */
export function productPath(product: { _id: string; name: string }) {
  const slug = productSlug(product.name);
  if (!slug) return toPath(sitePaths.product, { productid: product._id });
  return toPath(sitePaths.productNamed, { productid: product._id, slug });
}
