import { z } from 'zod';
import { pageInfo, pagingQuery } from './common.ts';

export const auditEntry = z.object({
  _id: z.string(),
  actorEmail: z.string(),
  action: z.string().describe('for example product.create, user.delete, order.ship'),
  targetType: z.enum([
    'product',
    'user',
    'order',
    'review',
    'shipping_method',
    'tax_rate',
    'shop_settings',
    'company',
    'brand',
    'category',
    'attribute',
    'family',
    'search_synonym',
    'import',
    'api_key',
  ]),
  targetId: z.string(),
  summary: z.string(),
  at: z.iso.datetime(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditQuery = pagingQuery;
export const auditList = pageInfo.extend({ data: z.array(auditEntry) });
export type AuditList = z.infer<typeof auditList>;
