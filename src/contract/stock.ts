import { z } from 'zod';
import { pageInfo, pagingQuery } from './common.ts';
import { orderStates } from './orders.ts';

/** What an admin may record by hand (POST /tools/{id}/stock-movements). */
export const adminStockReasons = [
  'received',
  'counted',
  'damaged',
  'returned',
  'correction',
] as const;
export type AdminStockReason = (typeof adminStockReasons)[number];

/**
 * Why a product's stock moved. The first four are the shop's own (a product's first stock, an
 * order reserving it, a deleted order giving it back, an order's hold ending); the rest are an
 * admin's.
 */
export const stockReasons = [
  'opening',
  'reserved',
  'released',
  'expired',
  ...adminStockReasons,
] as const;
export type StockReason = (typeof stockReasons)[number];

export const MAX_STOCK = 10_000_000;

export const stockMovementInput = z.object({
  delta: z
    .number({ error: 'Please enter how many pieces' })
    .int('Enter a whole number of pieces')
    .refine((n) => n !== 0, 'Enter a number other than 0')
    .refine((n) => Math.abs(n) <= MAX_STOCK, 'That is more than a product can hold'),
  reason: z.enum(adminStockReasons, { error: 'Pick a reason' }),
  note: z.string().trim().max(500, 'Note is too long (500 characters at most)').optional(),
});
export type StockMovementInput = z.input<typeof stockMovementInput>;

export const stockMovement = z.object({
  _id: z.string(),
  delta: z.number().int().describe('pieces in (+) or out (-)'),
  reason: z.enum(stockReasons),
  orderId: z.string().nullable(),
  orderNumber: z.number().int().nullable().describe('the order it names, #100001'),
  orderState: z
    .enum([...orderStates, 'deleted'])
    .nullable()
    .describe("where that order stands now: 'cancelled', 'deleted' (gone), …"),
  actor: z.string().describe("the account's email, or what moved it (expiry, seed)"),
  note: z.string().nullable(),
  stockAfter: z.number().int(),
  at: z.string().describe('ISO 8601'),
});
export type StockMovement = z.infer<typeof stockMovement>;

export const stockMovementResult = z.object({
  stock: z.number().int(),
  movement: stockMovement,
});
export type StockMovementResult = z.infer<typeof stockMovementResult>;

export const stockMovementsQuery = pagingQuery;
export type StockMovementsQuery = z.infer<typeof stockMovementsQuery>;

export const stockMovementList = pageInfo.extend({ data: z.array(stockMovement) });
export type StockMovementList = z.infer<typeof stockMovementList>;
