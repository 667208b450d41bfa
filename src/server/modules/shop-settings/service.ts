import type { ShopSettings, ShopSettingsRecord } from '../../../contract/shop-settings.ts';
import { recordAudit, type AuditActor } from '../../audit/record.ts';
import type { Db } from '../../db/client.ts';
import { readShopSettings, writeShopSettings, type ShopSettingsRow } from './repository.ts';

const toRecord = (row: ShopSettingsRow): ShopSettingsRecord => ({
  legalName: row.legalName,
  address: { ...row.address, label: row.address.label ?? '' },
  vatId: row.vatId,
  invoicePrefix: row.invoicePrefix,
  creditNotePrefix: row.creditNotePrefix,
});

export async function shopDetails(db: Db) {
  return toRecord(await readShopSettings(db));
}

/** Invoices already issued keep the details they were printed with. */
export async function changeShopDetails(db: Db, admin: AuditActor, input: ShopSettings) {
  const row = await db.transaction(async (tx) => {
    const written = await writeShopSettings(tx, input);
    await recordAudit(tx, admin, {
      action: 'shop_settings.update',
      targetType: 'shop_settings',
      targetId: String(written.id),
      summary: `Changed the shop's details: ${written.legalName}, ${written.address.country}${written.vatId ? `, VAT ID ${written.vatId}` : ''}, prefixes ${written.invoicePrefix} and ${written.creditNotePrefix}`,
    });
    return written;
  });
  return toRecord(row);
}
