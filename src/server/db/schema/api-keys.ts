import * as pg from 'drizzle-orm/pg-core';
import type { ApiScope } from '../../../contract/api-keys.ts';
import { createdAt } from './columns.ts';

// The API keys an ERP or a warehouse system calls the API with (modules/api-keys owns it).

/**
 * One key: only the SHA-256 of the key is kept (`hash`, how a call finds it), with its visible
 * prefix to tell keys apart. A revoked key keeps its row so its audit lines still name it.
 */
export const apiKeys = pg.pgTable(
  'api_keys',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    name: pg.text('name').notNull(),
    scopes: pg.text('scopes').array().$type<ApiScope[]>().notNull(),
    prefix: pg.text('prefix').notNull(),
    hash: pg.text('hash').notNull().unique(),
    // The admin who made it (no reference: the key outlives its maker's account).
    createdBy: pg.text('created_by').notNull(),
    createdAt: createdAt(),
    expiresAt: pg.timestamp('expires_at', { withTimezone: true }),
    revokedAt: pg.timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: pg.timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [pg.index('api_keys_created_idx').on(t.createdAt)],
);
