import { z } from 'zod';
import { pageInfo, pagingQuery } from './common.ts';

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
