import { z } from 'zod';
import { pageInfo, pagingQuery } from './common.ts';
import { dollarsToCents } from './money.ts';

export const product = z.object({
  _id: z.string(),
  name: z.string(),
  img: z.string(),
  desc: z.string(),
  price: z.number().describe('dollars'),
  stock: z.number().int(),
});
export type Product = z.infer<typeof product>;

export const toolListQuery = pagingQuery.extend({
  q: z.string().trim().max(100).optional().describe('case-insensitive part of the name'),
});
export type ToolListQuery = z.infer<typeof toolListQuery>;

export const toolList = pageInfo.extend({ data: z.array(product) });
export type ToolList = z.infer<typeof toolList>;

const productName = z
  .string()
  .trim()
  .min(1, 'Please enter the product name')
  .max(120, 'Name is too long (120 characters at most)');

const priceDollars = z
  .number({ error: 'Please enter a price' })
  .positive('Price must be more than 0')
  .max(100_000, 'Price must be at most $100,000')
  // A whole number of cents, and at least one: a tiny positive (5e-324) would round to $0.
  .refine(
    (n) => n <= 0 || (dollarsToCents(n) >= 1 && Math.abs(dollarsToCents(n) - n * 100) < 1e-6),
    'Price has at most 2 decimals',
  );

const stockCount = z
  .number({ error: 'Please enter the stock' })
  .int('Stock must be a whole number')
  .min(0, 'Stock cannot be negative')
  .max(10_000_000, 'Stock is too large');

const imageLink = z
  .string()
  .trim()
  .min(1, 'Please enter an image link')
  .max(2000, 'Image link is too long')
  .refine(
    (s) => /^https?:\/\/\S+$/.test(s) || /^\/images\/[\w./-]+\.(svg|png|jpe?g|webp)$/.test(s),
    'Image link must be an http(s) URL or a path to one of our images (/images/…)',
  );

/** POST /tools: the Add New Product form. */
export const productInput = z.object({
  name: productName,
  price: priceDollars,
  stock: stockCount,
  desc: z.string().trim().max(5000, 'Description is too long').default(''),
  img: imageLink,
});
export type ProductInput = z.input<typeof productInput>;

/** PATCH /tools/{id}: the Manage form; any subset of the fields. */
export const productPatch = z
  .object({
    name: productName,
    price: priceDollars,
    stock: stockCount,
    desc: z.string().trim().max(5000, 'Description is too long'),
    img: imageLink,
  })
  .partial()
  .refine((p) => Object.keys(p).length > 0, 'Nothing to change');
export type ProductPatch = z.infer<typeof productPatch>;

export const productDeleted = z.object({
  deleted: z.literal(true),
  _id: z.string(),
  name: z.string(),
});
