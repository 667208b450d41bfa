import { countryName } from '../../../contract/countries.ts';
import {
  milliToPercent,
  percentToMilli,
  type TaxRate,
  type TaxRateInput,
} from '../../../contract/tax-rules.ts';
import { recordAudit, type AuditActor } from '../../audit/record.ts';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { isUuid } from '../../lib/ids.ts';
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

export async function addTaxRate(db: Db, admin: AuditActor, input: TaxRateInput) {
  const rate = await db
    .transaction(async (tx) => {
      const added = await insertTaxRate(tx, toValues(input));
      await recordAudit(tx, admin, {
        action: 'tax_rate.create',
        targetType: 'tax_rate',
        targetId: added.id,
        summary: `Added the tax rate ${summaryOf(added)}`,
      });
      return added;
    })
    .catch((err: unknown) => {
      throw isPlaceClash(err) ? clash(input) : err;
    });
  return toTaxRate(rate);
}

export async function changeTaxRate(db: Db, admin: AuditActor, id: string, input: TaxRateInput) {
  const rate = isUuid(id)
    ? await db
        .transaction(async (tx) => {
          const changed = await updateTaxRate(tx, id, toValues(input));
          if (changed) {
            await recordAudit(tx, admin, {
              action: 'tax_rate.update',
              targetType: 'tax_rate',
              targetId: changed.id,
              summary: `Changed the tax rate to ${summaryOf(changed)}`,
            });
          }
          return changed;
        })
        .catch((err: unknown) => {
          throw isPlaceClash(err) ? clash(input) : err;
        })
    : undefined;
  if (!rate) throw notFound('Tax rate');
  return toTaxRate(rate);
}

export async function removeTaxRate(db: Db, admin: AuditActor, id: string) {
  const rate = isUuid(id)
    ? await db.transaction(async (tx) => {
        const gone = await deleteTaxRate(tx, id);
        if (gone) {
          await recordAudit(tx, admin, {
            action: 'tax_rate.delete',
            targetType: 'tax_rate',
            targetId: gone.id,
            summary: `Removed the tax rate ${summaryOf(gone)}`,
          });
        }
        return gone;
      })
    : undefined;
  if (!rate) throw notFound('Tax rate');
  return { deleted: true as const, _id: rate.id };
}
