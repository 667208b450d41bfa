import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { shopSettings } from '../../db/schema.ts';

export type ShopSettingsRow = typeof shopSettings.$inferSelect;
export type ShopSettingsValues = Pick<
  ShopSettingsRow,
  'legalName' | 'address' | 'vatId' | 'invoicePrefix' | 'creditNotePrefix'
>;

/** The shop's one row (the migration inserts it). */
export async function readShopSettings(db: Executor): Promise<ShopSettingsRow> {
  const [row] = await db.select().from(shopSettings).where(eq(shopSettings.id, 1));
  if (!row) throw new Error('shop_settings has no row: the migrations have not run');
  return row;
}

export async function writeShopSettings(db: Executor, values: ShopSettingsValues) {
  const [row] = await db
    .insert(shopSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: shopSettings.id, set: { ...values, updatedAt: new Date() } })
    .returning();
  if (!row) throw new Error('upsert returned no row');
  return row;
}
