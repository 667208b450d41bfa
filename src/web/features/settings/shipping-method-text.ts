import type { DeliveryDays, ShippingMethod } from '../../../contract/shipping-rules.ts';
import { formatDollars } from '../../../contract/money.ts';
import { groupDigits } from '../../../contract/number-text.ts';

/** "All countries", or the codes served. */
export const countriesText = (countries: readonly string[]) =>
  countries.includes('*') ? 'All countries' : countries.join(', ');

/** "2 days", "3–5 days". */
export const daysText = ({ min, max }: DeliveryDays) =>
  min === max ? `${min} ${min === 1 ? 'day' : 'days'}` : `${min}–${max} days`;

/** "$9.50 flat", or one line per weight band ("up to 1,000 g: $5.00"). */
export const rateLines = (rate: ShippingMethod['rate']) =>
  rate.kind === 'flat'
    ? [`${formatDollars(rate.price)} flat`]
    : rate.bands.map(
        (band) => `up to ${groupDigits(band.upToGrams)} g: ${formatDollars(band.price)}`,
      );
