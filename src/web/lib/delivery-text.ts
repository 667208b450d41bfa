import type { DeliveryDays } from '../../contract/shipping-rules.ts';

/** How long a method takes, as buyers are shown it: "1 working day", "2–4 working days". */
export function deliveryDaysText({ min, max }: DeliveryDays) {
  const days = min === max ? `${min}` : `${min}–${max}`;
  return `${days} working ${max === 1 ? 'day' : 'days'}`;
}
