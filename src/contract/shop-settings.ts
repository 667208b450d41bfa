import { z } from 'zod';
import { addressFields, orderAddress } from './addresses.ts';
import { vatIdField } from './vat-id.ts';

// The seller's details printed on every invoice and credit note. The country of `address` is
// the shop's own country: it decides whether an EU order is reverse charged.

const prefix = (label: string) =>
  z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{1,12}$/, `${label} must be 1 to 12 letters or digits, like INV`);

/** GET and PUT /settings/shop (admin). */
export const shopSettings = z.object({
  legalName: z.string().trim().min(1, 'Enter the legal name').max(200),
  address: addressFields,
  vatId: vatIdField,
  invoicePrefix: prefix('The invoice prefix'),
  creditNotePrefix: prefix('The credit note prefix'),
});
export type ShopSettings = z.infer<typeof shopSettings>;

/**
 * The details as GET and PUT answer them: as stored, unchecked, since the first start's
 * placeholder (no street, no postal code) is not yet an address the input would take.
 */
export const shopSettingsRecord = z.object({
  legalName: z.string(),
  address: orderAddress.extend({ label: z.string() }),
  vatId: z.string(),
  invoicePrefix: z.string(),
  creditNotePrefix: z.string(),
});
export type ShopSettingsRecord = z.infer<typeof shopSettingsRecord>;
