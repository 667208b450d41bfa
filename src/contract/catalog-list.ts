import { z } from 'zod';
import { product } from './catalog.ts';
import { pageInfo, pagingQuery } from './common.ts';

// GET /tools: the shop's list, its filters and their counts.

export const sortOrders = ['relevance', 'price_asc', 'price_desc', 'name', 'newest'] as const;
export type SortOrder = (typeof sortOrders)[number];

/** `a.<key>`: an attribute filter's query parameter. */
export const ATTRIBUTE_FILTER_PREFIX = 'a.';

export const toolListQuery = pagingQuery
  .extend({
    q: z
      .string()
      .trim()
      .max(100)
      .optional()
      .describe(
        'words of the name, brand or description, or a SKU, GTIN or MPN; one or two typos are forgiven',
      ),
    category: z.string().trim().max(80).optional().describe('a category slug: it and all below it'),
    brand: z
      .string()
      .trim()
      .max(2000)
      .optional()
      .describe('brand slugs, comma-separated: any of them'),
    inStock: z.enum(['true', 'false']).optional().describe('true: only parts on hand'),
    sort: z
      .enum(sortOrders, { error: `sort is one of ${sortOrders.join(', ')}` })
      .default('relevance'),
  })
  // `a.<key>=v1,v2`: an attribute's values, any of them. Kept as sent, and checked by the
  // server against the attributes there are (a 400 names a key or value it does not know).
  .loose();
export type ToolListQuery = z.infer<typeof toolListQuery>;

const facetCount = z.object({ slug: z.string(), name: z.string(), count: z.number().int() });

/**
 * Each facet's counts apply every other filter but not its own: ticking one brand still shows
 * how many parts the others have. Values of one facet combine with OR, facets with AND.
 */
export const facets = z.object({
  categories: z
    .array(
      facetCount.extend({
        parent: z
          .string()
          .nullable()
          .describe('the slug of the listed category this one is under; null one level down'),
      }),
    )
    .describe(
      'the categories one and two levels below the one chosen (below the top when none is), each followed by those under it',
    ),
  brands: z.array(facetCount),
  attributes: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      unit: z.string().nullable(),
      values: z.array(z.object({ value: z.string(), count: z.number().int() })),
    }),
  ),
  inStock: z.number().int().describe('how many would show with inStock=true'),
});
export type Facets = z.infer<typeof facets>;

/** A list entry: a product, or a family shown once by one of its variants. */
export const listedProduct = product.extend({
  variantCount: z
    .number()
    .int()
    .describe("how many of its family's variants match (1 for a product outside a family)"),
});
export type ListedProduct = z.infer<typeof listedProduct>;

export const toolList = pageInfo.extend({
  data: z.array(listedProduct),
  facets,
  suggestions: z
    .array(z.string())
    .describe('nearest spellings of the search, when it found nothing or only near matches'),
});
export type ToolList = z.infer<typeof toolList>;
