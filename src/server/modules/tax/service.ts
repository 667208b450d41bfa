import { countryName } from '../../../contract/countries.ts';
import {
  milliToPercent,
  percentToMilli,
  type TaxRate,
  type TaxRateInput,
} from '../../../contract/tax-rules.ts';
import { auditedRows } from '../../audit/audited-rows.ts';
import type { AuditActor } from '../../audit/record.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import {
  deleteTaxRate,
  insertTaxRate,
  isPlaceClash,
  listTaxRates,
  updateTaxRate,
  type TaxRateCents,
  type TaxRateValues,
} from './repository.ts';

const toTaxRate = (rate: TaxRateCents): TaxRate => ({
  _id: rate.id,
  country: rate.country,
  region: rate.region,
  rate: milliToPercent(rate.rateMilli),
  name: rate.name,
});

const placeOf = ({ country, region }: { country: string; region: string | null }) =>
  region ? `${region}, ${countryName(country)}` : countryName(country);

const toValues = (input: TaxRateInput): TaxRateValues => {
  const rateMilli = percentToMilli(input.rate);
  // taxRateInput only lets through rates with at most 3 decimals.
  if (rateMilli === undefined) throw new AppError('bad_request', 'rate: at most 3 decimals');
  return { country: input.country, region: input.region ?? '', rateMilli, name: input.name };
};

const clash = (input: TaxRateInput) =>
  new AppError(
    'conflict',
    `There is already a rate for ${placeOf(input)}: change that one instead.`,
  );

const summaryOf = (rate: TaxRateCents) =>
  `${rate.name} ${milliToPercent(rate.rateMilli)}% in ${placeOf(rate)}`;

export async function allTaxRates(db: Db) {
  return { data: (await listTaxRates(db)).map(toTaxRate) };
}

// Converted in the transaction: a rate taxRateInput let through always converts, but should one
// not, nothing is written.
const rates = auditedRows({
  what: 'Tax rate',
  targetType: 'tax_rate',
  insert: (tx, input: TaxRateInput) => insertTaxRate(tx, toValues(input)),
  update: (tx, id, input: TaxRateInput) => updateTaxRate(tx, id, toValues(input)),
  remove: deleteTaxRate,
  summaries: {
    create: (rate) => `Added the tax rate ${summaryOf(rate)}`,
    update: (rate) => `Changed the tax rate to ${summaryOf(rate)}`,
    delete: (rate) => `Removed the tax rate ${summaryOf(rate)}`,
  },
});

/** A second rate for a place is refused by its unique index: the answer names the place. */
const clashing =
  (input: TaxRateInput) =>
  (err: unknown): never => {
    throw isPlaceClash(err) ? clash(input) : err;
  };

export async function addTaxRate(db: Db, admin: AuditActor, input: TaxRateInput) {
  return toTaxRate(await rates.add(db, admin, input).catch(clashing(input)));
}

export async function changeTaxRate(db: Db, admin: AuditActor, id: string, input: TaxRateInput) {
  return toTaxRate(await rates.change(db, admin, id, input).catch(clashing(input)));
}

export async function removeTaxRate(db: Db, admin: AuditActor, id: string) {
  const removed = await rates.remove(db, admin, id);
  return { deleted: true as const, _id: removed.id };
}
