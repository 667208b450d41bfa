import { formatDollars } from '../../contract/money.ts';
import type { ShippingOption } from '../../contract/shipping-rules.ts';
import { deliveryDaysText } from '../lib/delivery-text.ts';
import { RadioCard } from './radio-card.tsx';

/** A shipping method offered to a buyer: its radio, its price for these goods, its days. */
export function ShippingOptionCard({
  option,
  checked,
}: {
  option: ShippingOption;
  checked: boolean;
}) {
  return (
    <RadioCard name="shippingMethodId" value={option._id} checked={checked}>
      <span className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-semibold">{option.name}</span>
        <span className="font-semibold">
          {option.price === 0 ? 'Free' : formatDollars(option.price)}
        </span>
      </span>
      <span className="text-sm text-base-content/80">{deliveryDaysText(option.deliveryDays)}</span>
    </RadioCard>
  );
}
