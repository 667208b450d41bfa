// Issue 32: the shop's `?q=` is answered in memory (src/server/modules/catalog/text-index.ts)
// whenever the read cache is on, and by SQL (search.ts) when it is off. For random searches
// over one catalogue, both must find the same parts, each at the same rank.
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadCache } from '../src/server/cache/read-cache.ts';
import { rawRows } from '../src/server/db/raw-rows.ts';
import { brands } from '../src/server/db/schema.ts';
import { currentIndex } from '../src/server/modules/catalog/facet-index-source.ts';
import { matching, rank, textQuery } from '../src/server/modules/catalog/search.ts';
import { searchIndex } from '../src/server/modules/catalog/text-index.ts';
import { insertProduct } from './support/fixtures.ts';
import { makeTestApp } from './support/test-app.ts';

const NOUNS = ['chain', 'cassette', 'tyre', 'brake pad', 'bar tape', 'chainring', 'tube'];
const SERIES = ['Ultegra', 'Deore', 'GX Eagle', 'Trail', 'Road pro'];
const DESCRIBED = ['for gravel bikes', 'quiet and light', 'shimano compatible', 'tire levers'];
const BRANDS = ['Shimano', 'SRAM', 'Park Tool'];
const SYNONYMS = { tire: 'tyre', sprocket: 'cassette', 'rim tape': 'bar tape' };

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
const codes: string[] = [];

beforeAll(async () => {
  ctx = await makeTestApp();
  const brandIds = [];
  for (const name of BRANDS) {
    const [row] = await ctx.db
      .insert(brands)
      .values({ name, slug: name.toLowerCase().replace(' ', '-') })
      .returning();
    brandIds.push(row!.id);
  }
  for (let i = 0; i < 42; i++) {
    const row = await insertProduct(ctx.db, {
      name: `${SERIES[i % SERIES.length]} ${NOUNS[i % NOUNS.length]} ${i}`,
      sku: `SK-${String(i).padStart(3, '0')}`,
      description: i % 3 === 0 ? '' : DESCRIBED[i % DESCRIBED.length],
      brandId: i % 4 === 3 ? null : brandIds[i % BRANDS.length],
      mpn: i % 5 === 0 ? `CN-HG${700 + i}-11` : null,
      gtin: i === 7 ? '4524667904717' : null,
    });
    codes.push(row.sku);
  }
  codes.push('cnhg70011', 'CN-HG 710-11', '04524667904717', '4524667904717');
});
afterAll(() => ctx.app.close());

const words = [
  ...NOUNS.flatMap((noun) => noun.split(' ')),
  ...SERIES.flatMap((series) => series.toLowerCase().split(' ')),
  ...['shim', 'ano', 'sram', 'park', 'quiet', 'gravel', 'tire', 'sprocket', 'e', '1', 'x', '%'],
];
const searches = fc.oneof(
  fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 3 }).map((w) => w.join(' ')),
  fc.constantFrom('rim tape', 'Park Tool', 'SHIMANO Chain'),
  fc.constantFrom(...[0, 1, 2, 3].map(() => '')).chain(() => fc.constantFrom(...codes)),
);

describe('the search in memory', () => {
  it('finds the parts the SQL search finds, each at the same rank, for random searches', async () => {
    const cache = createReadCache();
    const index = await currentIndex(ctx.db, cache)!;
    await fc.assert(
      fc.asyncProperty(searches, async (q) => {
        const text = textQuery(q, SYNONYMS, false);
        const bySql = rawRows<{ id: string; rank: number }>(
          await ctx.db.execute(sql`select p.id, ${rank(text)} as rank
            from product p left join brand b on b.id = p.brand_id where ${matching(text)}`),
        );
        const ranks = searchIndex(index.text, index.facets, text);
        const inMemory = new Map<string, number>();
        ranks.forEach((r, i) => {
          if (r >= 0) inMemory.set(index.facets.ids[i]!, r);
        });
        expect(inMemory).toEqual(new Map(bySql.map((row) => [row.id, Number(row.rank)])));
      }),
      { numRuns: 150 },
    );
  });
});
