import { formatDollars } from '../../contract/money.ts';
import type { ShippingOption, UnavailableShippingOption } from '../../contract/shipping-rules.ts';
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

/**
 * A method that serves the address but cannot carry this order: shown, not choosable, with why
 * ("Standard ships up to 30 kg; this order weighs 41.2 kg"), so it does not silently vanish.
 */
export function UnavailableShippingCard({ option }: { option: UnavailableShippingOption }) {
  const why = `shipping-unavailable-${option._id}`;
  return (
    <RadioCard
      name="shippingMethodId"
      value={option._id}
      checked={false}
      disabled
      describedBy={why}
    >
      <span className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-semibold text-base-content/80">{option.name}</span>
        <span className="badge badge-ghost badge-sm">Not available</span>
      </span>
      <span id={why} className="text-sm wrap-anywhere text-base-content/80">
        {option.reason}
      </span>
    </RadioCard>
  );
}
