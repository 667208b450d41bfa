import type { DeliveryDays, ShippingMethod } from '../../../contract/shipping-rules.ts';
import { formatDollars } from '../../../contract/money.ts';
import { groupDigits } from '../../../contract/number-text.ts';

/** "All countries", or the codes served. */
export const countriesText = (countries: readonly string[]) =>
  countries.includes('*') ? 'All countries' : countries.join(', ');

/** "2 days", "3–5 days". */
export const daysText = ({ min, max }: DeliveryDays) =>
  min === max ? `${min} ${min === 1 ? 'day' : 'days'}` : `${min}–${max} days`;

/**
 * "$9.50 flat", or one line per weight band ("up to 1,000 g: $5.00"), and the rate above the
 * last band when there is one ("above: $1.20 a kg").
 */
export const rateLines = (rate: ShippingMethod['rate']) =>
  rate.kind === 'flat'
    ? [`${formatDollars(rate.price)} flat`]
    : [
        ...rate.bands.map(
          (band) => `up to ${groupDigits(band.upToGrams)} g: ${formatDollars(band.price)}`,
        ),
        ...(rate.perKgAbove == null ? [] : [`above: ${formatDollars(rate.perKgAbove)} a kg`]),
      ];

/** "—", "$500.00", or "$500.00 up to 40,000 g" when free delivery is limited by weight. */
export const freeOverText = (m: Pick<ShippingMethod, 'freeOver' | 'freeOverUpToGrams'>) =>
  m.freeOver === null
    ? '—'
    : `${formatDollars(m.freeOver)}${m.freeOverUpToGrams === null ? '' : ` up to ${groupDigits(m.freeOverUpToGrams)} g`}`;
