import { z } from 'zod';
import * as jsvat from 'jsvat';

// Only the 27 member states' rules are imported (jsvat is tree-shakeable): reverse charge is an
// EU rule, and a Swiss or British number would not earn it.
const euRules = [
  jsvat.austria,
  jsvat.belgium,
  jsvat.bulgaria,
  jsvat.croatia,
  jsvat.cyprus,
  jsvat.czechRepublic,
  jsvat.denmark,
  jsvat.estonia,
  jsvat.finland,
  jsvat.france,
  jsvat.germany,
  jsvat.greece,
  jsvat.hungary,
  jsvat.ireland,
  jsvat.italy,
  jsvat.latvia,
  jsvat.lithuania,
  jsvat.luxembourg,
  jsvat.malta,
  jsvat.netherlands,
  jsvat.poland,
  jsvat.portugal,
  jsvat.romania,
  jsvat.slovakiaRepublic,
  jsvat.slovenia,
  jsvat.spain,
  jsvat.sweden,
];

export type VatIdCheck = {
  /** Right format and checksum for its country, checked offline (not that it is registered). */
  valid: boolean;
  /** Uppercase, without spaces, dots, dashes or slashes: "DE136695976". */
  normalised: string;
  /** The ISO code of the country it belongs to ('GR' for Greece's 'EL' numbers). */
  country?: string;
};

export function checkVatId(text: string): VatIdCheck {
  const result = jsvat.checkVAT(text.trim(), euRules);
  const normalised = result.value ?? '';
  const country = result.country?.isoCode.short;
  return { valid: result.isValid, normalised, ...(country ? { country } : {}) };
}

export const VAT_ID_MESSAGE = 'Enter a valid EU VAT ID, like DE136695976';

/** Whether two VAT IDs are the same number, however they were typed; never for none. */
export function sameVatId(a: string, b: string) {
  if (a.trim() === '' || b.trim() === '') return false;
  const [left, right] = [checkVatId(a), checkVatId(b)];
  return left.valid && right.valid && left.normalised === right.normalised;
}

/** The 400 (on `vatId`) wherever a buyer or a company saves the shop's own VAT ID. */
export const SHOP_VAT_ID_MESSAGE =
  "That is the shop's own VAT ID: enter the VAT ID of your business";

/** A VAT ID field: empty for none, otherwise a valid EU VAT ID, kept in its normalised form. */
export const vatIdField = z
  .string()
  .trim()
  .max(40, VAT_ID_MESSAGE)
  .overwrite((text) => (text === '' ? '' : checkVatId(text).normalised))
  .refine((text) => text === '' || checkVatId(text).valid, VAT_ID_MESSAGE);

/** PUT /users/me/tax: the buyer's company and VAT ID, printed on their invoices. */
export const taxDetailsInput = z.object({
  companyName: z
    .string()
    .trim()
    .max(120, 'Company name is too long (120 characters at most)')
    .default(''),
  vatId: vatIdField.default(''),
});
export type TaxDetailsInput = z.infer<typeof taxDetailsInput>;

export const taxDetails = z.object({
  companyName: z.string(),
  vatId: z.string().describe("'' when the account has none"),
  vatIdValid: z.boolean().describe('format and checksum, checked offline'),
  vatIdVerified: z
    .boolean()
    .describe(
      'registered, as an admin or the EU VIES service confirmed: only then is an EU order zero-rated (reverse charge); a changed VAT ID is unverified again',
    ),
  taxExempt: z.boolean(),
  exemptCertificate: z.string().describe("the exemption certificate's reference; '' when none"),
});
export type TaxDetails = z.infer<typeof taxDetails>;

/** PUT /users/{id}/vat-verified (admin): whether the account's VAT ID is confirmed registered. */
export const vatVerifiedInput = z.object({
  verified: z.boolean({ error: 'Say whether the VAT ID is verified' }),
});
export type VatVerifiedInput = z.infer<typeof vatVerifiedInput>;

/** PUT /users/{id}/tax-exempt (admin): an exempt account names its certificate. */
export const taxExemptInput = z
  .object({
    exempt: z.boolean({ error: 'Say whether the account is tax-exempt' }),
    certificate: z
      .string()
      .trim()
      .max(120, 'Certificate reference is too long (120 characters at most)')
      .default(''),
  })
  .superRefine(({ exempt, certificate }, ctx) => {
    if (exempt && certificate === '') {
      ctx.addIssue({
        code: 'custom',
        path: ['certificate'],
        message: 'Enter the exemption certificate reference',
      });
    }
  });
export type TaxExemptInput = z.infer<typeof taxExemptInput>;
