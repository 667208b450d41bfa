import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { insertDemoProducts } from './demo-products.ts';
import { appMeta, blogs, products, reviews } from './schema.ts';
import { seedBlogs, seedReviews } from './seed-content.ts';
import { seedCatalogueDemo } from './seed-catalogue.ts';
import { seedProducts } from './seed-data.ts';
import { seedCompanyDemo } from './seed-companies.ts';
import { seedDeliveryDemo } from './seed-delivery.ts';
import { seedReturnDemo } from './seed-returns.ts';
import { seedSavedListDemo } from './seed-saved-lists.ts';
import { seedBackorderDemo } from './seed-backorders.ts';

const SEED_KEY = 'demo_seed';
// Demo reviews were about the shop only until reviews could name a product.
const REVIEW_PRODUCTS_KEY = 'demo_review_products';
// Shop details, shipping methods, tax rates and weights came with delivery (issue 22).
const DELIVERY_KEY = 'demo_delivery';
// The demo trade account, its terms and dealer prices came with trade accounts (issue 23).
const COMPANIES_KEY = 'demo_companies';
// The wholesaler's catalogue (brands, categories, attributes, families, some 400 parts) came
// with catalogue filing (issue 32).
const CATALOGUE_KEY = 'demo_catalogue';
// The demo company's shared saved order list came with saved lists (issue 34).
const SAVED_LISTS_KEY = 'demo_saved_lists';
// A sold-out part that takes backorders came with backorders (issue 34).
const BACKORDERS_KEY = 'demo_backorders';
// A shipped order of the demo company with a return in progress came with returns (issue 34).
const RETURNS_KEY = 'demo_returns';

const claim = async (tx: Db, key: string) =>
  (
    await tx
      .insert(appMeta)
      .values({ key, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning({ key: appMeta.key })
  ).length > 0;

/**
 * Seeds the demo catalogue once per database. The marker row makes it idempotent: a restart
 * never duplicates rows, and what users changed or deleted afterwards stays as they left it.
 * Returns whether the demo data was written (not counting linkDemoReviewsToProducts).
 */
export async function seedDemoData(db: Db): Promise<boolean> {
  const seeded = await db.transaction(async (tx) => {
    if (!(await claim(tx, SEED_KEY))) return false;
    await claim(tx, REVIEW_PRODUCTS_KEY);
    await claim(tx, DELIVERY_KEY);
    await claim(tx, COMPANIES_KEY);
    await claim(tx, CATALOGUE_KEY);
    await claim(tx, SAVED_LISTS_KEY);
    await claim(tx, BACKORDERS_KEY);
    await claim(tx, RETURNS_KEY);

    // Spread creation times so "newest first" lists have a stable, meaningful order.
    const at = (i: number) => sql`now() - make_interval(mins => ${i})`;
    const productIds = await insertDemoProducts(
      tx,
      seedProducts.map((p) => ({
        sku: p.sku,
        name: p.name,
        description: p.description,
        priceCents: p.priceCents,
        moq: p.moq,
        packSize: p.packSize,
        tiers: p.tiers,
        stock: p.stock,
        imageUrl: p.image,
        weightGrams: p.weightGrams,
      })),
      (i) => i,
    );
    await tx.insert(blogs).values(
      seedBlogs.map((b, i) => ({
        title: b.title,
        description: b.description,
        imageUrl: b.image,
        createdAt: at(i),
      })),
    );
    await tx.insert(reviews).values(
      seedReviews.map((r, i) => ({
        name: r.name,
        description: r.description,
        rating: r.rating,
        imageUrl: r.image,
        productId: (r.productSku && productIds.get(r.productSku)) || null,
        createdAt: at(i),
      })),
    );
    await seedCatalogueDemo(tx);
    await seedDeliveryDemo(tx);
    await seedCompanyDemo(tx);
    await seedSavedListDemo(tx);
    await seedBackorderDemo(tx);
    await seedReturnDemo(tx);
    return true;
  });
  if (!seeded) {
    await linkDemoReviewsToProducts(db);
    await addDeliveryDemo(db);
    await addCompanyDemo(db);
    await addCatalogueDemo(db);
    await addSavedListDemo(db);
    await addBackorderDemo(db);
    await addReturnDemo(db);
  }
  return seeded;
}

/**
 * A database seeded before reviews named products: its demo reviews are linked to their demo
 * products, once, where both are still as seeded. Reviews people wrote are left alone.
 */
async function linkDemoReviewsToProducts(db: Db) {
  await db.transaction(async (tx) => {
    if (!(await claim(tx, REVIEW_PRODUCTS_KEY))) return;
    for (const review of seedReviews) {
      if (!review.productSku) continue;
      await tx
        .update(reviews)
        .set({
          productId: sql`(select ${products.id} from ${products} where ${products.sku} = ${review.productSku})`,
        })
        .where(
          and(
            isNull(reviews.userId),
            isNull(reviews.productId),
            eq(reviews.name, review.name),
            eq(reviews.description, review.description),
          ),
        );
    }
  });
}

/**
 * A demo database seeded before delivery gets its shop details, methods, rates and weights,
 * once, wherever an admin has not set them already.
 */
async function addDeliveryDemo(db: Db) {
  await db.transaction(async (tx) => {
    if (await claim(tx, DELIVERY_KEY)) await seedDeliveryDemo(tx);
  });
}

/** A demo database seeded before trade accounts gets the demo company, once. */
async function addCompanyDemo(db: Db) {
  await db.transaction(async (tx) => {
    if (await claim(tx, COMPANIES_KEY)) await seedCompanyDemo(tx);
  });
}

/**
 * A demo database seeded before catalogue filing gets the wholesaler's catalogue, once, and its
 * demo products are filed under a brand and a category where nobody has filed them since.
 */
async function addCatalogueDemo(db: Db) {
  await db.transaction(async (tx) => {
    if (await claim(tx, CATALOGUE_KEY)) await seedCatalogueDemo(tx);
  });
}

/** A demo database seeded before saved lists gets the demo company's list, once. */
async function addSavedListDemo(db: Db) {
  await db.transaction(async (tx) => {
    if (await claim(tx, SAVED_LISTS_KEY)) await seedSavedListDemo(tx);
  });
}

/** A demo database seeded before backorders gets its part on backorder, once. */
async function addBackorderDemo(db: Db) {
  await db.transaction(async (tx) => {
    if (await claim(tx, BACKORDERS_KEY)) await seedBackorderDemo(tx);
  });
}

/** A demo database seeded before returns gets the demo company's shipped order and return, once. */
async function addReturnDemo(db: Db) {
  await db.transaction(async (tx) => {
    if (await claim(tx, RETURNS_KEY)) await seedReturnDemo(tx);
  });
}
