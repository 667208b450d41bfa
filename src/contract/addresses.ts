import { z } from 'zod';
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import { countryName, findRegion, isCountryCode, needsRegion } from './countries.ts';
import { zipStateProblem } from './us-zip.ts';

const text = (label: string, max: number) =>
  z.string().trim().max(max, `${label} is too long (${max} characters at most)`);

const required = (label: string, max: number, message: string) => text(label, max).min(1, message);

/** A postal code people will recognise, for the messages of the countries most orders go to. */
const postalExamples: Record<string, string> = {
  US: '94105',
  CA: 'K1A 0B1',
  GB: 'SW1A 1AA',
  DE: '10115',
  FR: '75001',
  NL: '1012 AB',
  BE: '1000',
  AT: '1010',
  IT: '00184',
  ES: '28001',
  IE: 'D02 X285',
  AU: '2000',
};

/** Why a postal code does not fit the country; undefined when it does. */
export function postalCodeProblem(country: string, postalCode: string) {
  const known = postcodeValidatorExistsForCountry(country);
  if (postalCode === '') return known ? 'Enter the postal code' : undefined;
  // Countries the library has no format for take any code the field allows.
  if (!known || postcodeValidator(postalCode, country)) return undefined;
  const example = postalExamples[country];
  return `Enter a valid postal code for ${countryName(country)}${example ? `, like ${example}` : ''}`;
}

const addressShape = {
  label: text('Label', 60).default(''),
  company: text('Company', 120).default(''),
  name: required('Name', 120, 'Enter the name of who receives it'),
  line1: required('Address line 1', 200, 'Enter the street address'),
  line2: text('Address line 2', 200).default(''),
  city: required('City', 120, 'Enter the city'),
  region: text('State or region', 120).default(''),
  postalCode: text('Postal code', 20).toUpperCase().default(''),
  country: z
    .string({ error: 'Choose the country' })
    .trim()
    .toUpperCase()
    .min(1, 'Choose the country'),
  phone: text('Phone', 40).default(''),
};

type Place = { country: string; region: string; postalCode: string };

/** A region given by its name ("california") is kept by its code ("CA"). */
function regionByCode<T extends Place>(address: T): T {
  const region = findRegion(address.country, address.region);
  return region ? { ...address, region: region.code } : address;
}

/** The checks across fields, each issue on the field to correct. */
function checkPlace(address: Place, ctx: z.RefinementCtx) {
  const { country, region, postalCode } = address;
  if (!isCountryCode(country)) {
    ctx.addIssue({ code: 'custom', path: ['country'], message: 'Choose a country from the list' });
    return;
  }
  const postal = postalCodeProblem(country, postalCode);
  if (postal) ctx.addIssue({ code: 'custom', path: ['postalCode'], message: postal });
  if (needsRegion(country) && !findRegion(country, region)) {
    const what = country === 'CA' ? 'province or territory' : 'state';
    ctx.addIssue({
      code: 'custom',
      path: ['region'],
      message: region === '' ? `Choose the ${what}` : `Choose a ${what} of ${countryName(country)}`,
    });
  }
  // A well-formed ZIP code and a known state must also agree with each other.
  const state = findRegion(country, region);
  const zip = country === 'US' && !postal && state && zipStateProblem(state.code, postalCode);
  if (zip) ctx.addIssue({ code: 'custom', path: ['postalCode'], message: zip });
}

/** An address's own fields, checked against its country (postal code format, region). */
export const addressFields = z.object(addressShape).overwrite(regionByCode).superRefine(checkPlace);
export type AddressFields = z.infer<typeof addressFields>;

const defaultFlags = {
  isDefaultShipping: z.boolean().default(false),
  isDefaultBilling: z.boolean().default(false),
};

/** POST and PUT /addresses. */
export const addressInput = z
  .object({ ...addressShape, ...defaultFlags })
  .overwrite(regionByCode)
  .superRefine(checkPlace);
export type AddressInput = z.infer<typeof addressInput>;

/** A checkbox as a form sends it: 'on' when ticked, absent when not (or a boolean from script). */
const checkbox = z
  .union([z.boolean(), z.string().max(10)])
  .optional()
  .transform((value) => value === true || value === 'on' || value === 'true');

/** The address form as a page posts it without script: text fields and checkboxes. */
export const addressForm = z
  .object({ ...addressShape, isDefaultShipping: checkbox, isDefaultBilling: checkbox })
  .overwrite(regionByCode)
  .superRefine(checkPlace);

/** One of the account's addresses. */
export const address = z.object({
  _id: z.string(),
  label: z.string(),
  company: z.string(),
  name: z.string(),
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  region: z.string().describe("US and Canada: the state's or province's code"),
  postalCode: z.string(),
  country: z.string().describe('ISO 3166-1 alpha-2'),
  phone: z.string(),
  isDefaultShipping: z.boolean(),
  isDefaultBilling: z.boolean(),
});
export type Address = z.infer<typeof address>;

export const addressList = z.object({ data: z.array(address) });
export type AddressList = z.infer<typeof addressList>;

/** The copy of an address an order keeps, as it was at checkout. */
export const orderAddress = address
  .omit({ _id: true, label: true, isDefaultShipping: true, isDefaultBilling: true })
  .extend({ label: z.string().optional() });
export type OrderAddress = z.infer<typeof orderAddress>;

type Printable = Omit<OrderAddress, 'phone'> & { phone?: string };

/** The lines to print, as a label or an invoice shows them; empty parts are left out. */
export function formatAddressLines(a: Printable) {
  const place = [a.region, a.postalCode].filter(Boolean).join(' ');
  const cityLine = [a.city, place].filter(Boolean).join(', ');
  return [a.name, a.company, a.line1, a.line2, cityLine, countryName(a.country)].filter(
    (line) => line.trim() !== '',
  );
}
