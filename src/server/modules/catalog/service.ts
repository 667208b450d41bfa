import { availabilityOf, type Product, type ProductDetail } from '../../../contract/catalog.ts';
import { ladderProblems, type ProductPatch } from '../../../contract/product-input.ts';
import { centsToDollars, formatDollars } from '../../../contract/money.ts';
import { ladderInCents, ladderInDollars, ladderText } from '../../../contract/price-ladder.ts';
import type { ReadCache } from '../../cache/read-cache.ts';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { isUuid } from '../../lib/ids.ts';
import {
  findProduct,
  findProductByCode,
  findProductBySku,
  readFamily,
  type ProductRow,
  type ProductWrite,
  type BackorderWrite,
} from './repository.ts';
import { clashedIndex } from './sku.ts';
import { categoryChain, readFiling, type Filing } from './filing.ts';

/** What a product answer depends on besides its row: the shop's low-stock mark. */
export type CatalogView = { lowStockAt: number };

/** The brands and categories, read once per change of the catalogue (they are small). */
export const cachedFiling = (db: Db, cache: ReadCache) =>
  cache.read('product', 'filing', () => readFiling(db));

function filedCategory(filing: Filing, id: string | null): Product['category'] {
  const category = id ? filing.categories[id] : undefined;
  if (!category) return null;
  const path = categoryChain(filing, category.id).map(({ slug, name }) => ({ slug, name }));
  return { _id: category.id, slug: category.slug, name: category.name, path };
}

export const toProduct = (row: ProductRow, filing: Filing, view: CatalogView): Product => ({
  _id: row.id,
  sku: row.sku,
  name: row.name,
  img: row.imageUrl,
  desc: row.description,
  price: centsToDollars(row.priceCents),
  stock: row.stock,
  moq: row.moq,
  packSize: row.packSize,
  tiers: ladderInDollars(row.tiers),
  weightGrams: row.weightGrams,
  brand: (row.brandId && filing.brands[row.brandId]) || null,
  category: filedCategory(filing, row.categoryId),
  mpn: row.mpn,
  gtin: row.gtin,
  attributes: row.attributes,
  availability: availabilityOf(row.stock, view.lowStockAt, {
    allowed: row.backorderAllowed,
    moq: row.moq,
  }),
  backorder: { allowed: row.backorderAllowed, expectedAt: row.backorderExpectedAt },
  familyId: row.familyId,
  ...(row.bin ? { bin: row.bin } : {}),
});

/** One product, with its family's variants (itself among them) when it has a family. */
export async function getTool(
  db: Db,
  cache: ReadCache,
  view: CatalogView,
  id: string,
): Promise<ProductDetail> {
  if (!isUuid(id)) throw notFound('Product');
  return cache.read('product', `one ${id}`, async () => {
    const row = await findProduct(db, id);
    if (!row) throw notFound('Product');
    const product = toProduct(row, await cachedFiling(db, cache), view);
    const family = row.familyId ? await readFamily(db, row.familyId) : undefined;
    if (!family) return { ...product, family: null };
    const variants = family.variants.map((variant) => ({
      _id: variant.id,
      sku: variant.sku,
      attributes: variant.attributes,
      price: centsToDollars(variant.priceCents),
      tiers: ladderInDollars(variant.tiers),
      moq: variant.moq,
      packSize: variant.packSize,
      stock: variant.stock,
      availability: availabilityOf(variant.stock, view.lowStockAt, {
        allowed: variant.backorderAllowed,
        moq: variant.moq,
      }),
    }));
    return {
      ...product,
      family: { _id: family.id, name: family.name, axes: family.axes, variants },
    };
  });
}

export const describeProduct = (row: ProductRow) =>
  `${row.name} (SKU ${row.sku}, ${formatDollars(centsToDollars(row.priceCents))}, stock ${row.stock})`;

export const describeLadder = (row: ProductRow) =>
  `minimum ${row.moq} in packs of ${row.packSize}, ` + ladderText(ladderInDollars(row.tiers));

/**
 * The audit line of an edit: what was asked, the result, and what the stock, SKU and ladder
 * were.
 */
export function describeEdit(patch: ProductPatch, before: ProductRow, after: ProductRow) {
  const asked = Object.keys(patch).filter((key) => key !== 'stockWas' && key !== 'tiersWas');
  const was = [
    before.stock !== after.stock ? `stock ${before.stock} → ${after.stock}` : '',
    before.sku !== after.sku ? `SKU was ${before.sku}` : '',
    describeLadder(before) !== describeLadder(after)
      ? `ladder ${describeLadder(before)} → ${describeLadder(after)}`
      : '',
  ].filter(Boolean);
  return [`Changed ${asked.join(', ')}: now ${describeProduct(after)}`, ...was].join('; ');
}

/** The 409 for a SKU another product holds, naming that product. */
export async function skuTaken(db: Db, sku: string) {
  const holder = await findProductBySku(db, sku);
  return new AppError(
    'conflict',
    `SKU ${sku.toUpperCase()} is already used by ${holder ? holder.name : 'another product'}`,
  );
}

/** The 409 for a GTIN, or a brand's MPN, that another product holds, naming that product. */
export async function codeTaken(
  db: Db,
  err: unknown,
  { gtin, brandId, mpn }: Pick<ProductRow, 'gtin' | 'brandId' | 'mpn'>,
) {
  const index = clashedIndex(err);
  const holderOf = (holder: ProductRow | undefined) =>
    holder ? `${holder.name} (SKU ${holder.sku})` : 'another product';
  if (index === 'product_gtin_idx' && gtin) {
    const holder = await findProductByCode(db, { gtin });
    return new AppError('conflict', `GTIN ${gtin} is already used by ${holderOf(holder)}`);
  }
  if (index === 'product_brand_mpn_idx' && brandId && mpn) {
    const holder = await findProductByCode(db, { brandId, mpn });
    return new AppError(
      'conflict',
      `MPN ${mpn} of this brand is already used by ${holderOf(holder)}`,
    );
  }
  return undefined;
}

/**
 * A patch laid onto the product as it is. Without a new ladder, a new price or minimum moves
 * the first tier; with one, the price follows its first tier. The minimum, pack and ladder are
 * then checked as a whole: a patch of the pack size alone must still fit the minimum there is.
 */
export function patchedProduct(
  current: ProductRow,
  patch: ProductPatch,
): ProductWrite & BackorderWrite {
  const moq = patch.moq ?? current.moq;
  const packSize = patch.packSize ?? current.packSize;
  const tiers =
    patch.tiers ??
    ladderInDollars(current.tiers).map((tier, i) =>
      i === 0
        ? { minQuantity: patch.moq ?? tier.minQuantity, price: patch.price ?? tier.price }
        : tier,
    );
  const price = patch.price ?? tiers[0]?.price ?? centsToDollars(current.priceCents);
  const [problem] = ladderProblems({ moq, packSize, price, tiers });
  // Worded as the schema's own field errors are, so the admin form shows it the same way.
  if (problem) throw new AppError('bad_request', `${problem.path.join('.')}: ${problem.message}`);
  const ladder = ladderInCents(tiers);
  return {
    ...(patch.sku !== undefined ? { sku: patch.sku } : {}),
    ...(patch.name !== undefined ? { name: patch.name } : {}),
    ...(patch.desc !== undefined ? { description: patch.desc } : {}),
    ...(patch.img !== undefined ? { imageUrl: patch.img } : {}),
    ...(patch.weightGrams !== undefined ? { weightGrams: patch.weightGrams } : {}),
    ...(patch.brandId !== undefined ? { brandId: patch.brandId } : {}),
    ...(patch.categoryId !== undefined ? { categoryId: patch.categoryId } : {}),
    ...(patch.familyId !== undefined ? { familyId: patch.familyId } : {}),
    ...(patch.mpn !== undefined ? { mpn: patch.mpn } : {}),
    ...(patch.gtin !== undefined ? { gtin: patch.gtin } : {}),
    ...(patch.bin !== undefined ? { bin: patch.bin } : {}),
    ...(patch.attributes !== undefined ? { attributes: patch.attributes } : {}),
    ...(patch.backorder !== undefined
      ? {
          backorderAllowed: patch.backorder.allowed,
          // A date kept when only `allowed` is sent; null sent takes it away.
          backorderExpectedAt:
            patch.backorder.expectedAt !== undefined
              ? patch.backorder.expectedAt
              : current.backorderExpectedAt,
        }
      : {}),
    moq,
    packSize,
    tiers: ladder,
    priceCents: ladder[0]?.priceCents ?? current.priceCents,
  };
}
