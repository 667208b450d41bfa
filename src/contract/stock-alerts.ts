import { z } from 'zod';
import { availability } from './catalog.ts';

/** How many parts one account may wait for at once: a cap, so a script cannot fill the table. */
export const MAX_STOCK_ALERTS = 200;

/** One part the caller waits for, as it is sold today. */
export const stockAlert = z.object({
  _id: z.string(),
  productId: z.string(),
  name: z.string(),
  sku: z.string(),
  path: z.string().describe("the part's page, /products/{id}/{slug}"),
  stock: z.number().int(),
  availability,
  createdAt: z.string().describe('ISO 8601: when the caller asked'),
});
export type StockAlert = z.infer<typeof stockAlert>;

export const stockAlertList = z.object({ data: z.array(stockAlert) });
export type StockAlertList = z.infer<typeof stockAlertList>;

/** The signed token of a back-in-stock mail's unsubscribe link. */
export const unsubscribeQuery = z.object({ token: z.string().min(1).max(300) });
export type UnsubscribeQuery = z.infer<typeof unsubscribeQuery>;

export const unsubscribeResult = z.object({
  ended: z.number().int().describe('how many waiting alerts were ended'),
});
export type UnsubscribeResult = z.infer<typeof unsubscribeResult>;

/** The forms of the product page, card and the dashboard list: the part they are about. */
export const stockAlertForm = z.object({ productId: z.string().min(1).max(100) });
export type StockAlertForm = z.infer<typeof stockAlertForm>;
