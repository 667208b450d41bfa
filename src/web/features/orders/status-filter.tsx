import { useState } from 'react';
import type { OrderStatus } from './all-orders-api.ts';

const options: { value: OrderStatus; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'unpaid', label: 'Unpaid' },
  { value: 'paid', label: 'Paid' },
  { value: 'shipped', label: 'Shipped' },
  { value: 'expired', label: 'Expired' },
];

export const isOrderStatus = (value: string | null): value is OrderStatus =>
  options.some((option) => option.value === value);

/** A radio group drawn as joined buttons: arrow keys move between the filters. */
export function StatusFilter({
  value,
  onChange,
}: {
  value: OrderStatus;
  onChange: (value: OrderStatus) => void;
}) {
  // The address changes a moment after the click (the router navigates asynchronously); until
  // then React would put the old radio back. Local state shows the choice at once, and
  // follows the address when it changes some other way (Back, a link).
  const [shown, setShown] = useState(value);
  const [followed, setFollowed] = useState(value);
  if (value !== followed) {
    setFollowed(value);
    setShown(value);
  }
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 font-medium">Show orders</legend>
      <div className="join">
        {options.map((option) => (
          <input
            key={option.value}
            type="radio"
            name="order-status"
            value={option.value}
            // daisyUI draws the aria-label as the button's text.
            aria-label={option.label}
            className="btn btn-sm join-item"
            checked={shown === option.value}
            onChange={() => {
              setShown(option.value);
              onChange(option.value);
            }}
          />
        ))}
      </div>
    </fieldset>
  );
}
