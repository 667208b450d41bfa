import { useState, type ChangeEvent } from 'react';
import type { Address } from '../../../contract/addresses.ts';
import { formatDollars } from '../../../contract/money.ts';
import type { Order } from '../../../contract/orders.ts';
import type { ShippingMethod } from '../../../contract/shipping-rules.ts';
import { BusyButton } from '../../components/busy-button.tsx';
import { SectionSpinner } from '../../components/page-spinner.tsx';
import { SectionError } from '../../components/section-error.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { AddressLines } from '../../components/address-lines.tsx';
import { AddressForm } from '../../components/address-form.tsx';
import { RadioCard } from '../../components/radio-card.tsx';
import { deliveryDaysText } from '../../lib/delivery-text.ts';
import { useAddresses, useSaveAddress } from '../addresses/api.ts';
import { shipToOf } from '../checkout/api.ts';
import { useShippingMethods } from '../settings/shipping-methods-api.ts';
import { useSetOrderShipping } from './api.ts';

const serves = (method: ShippingMethod, country: string) =>
  method.countries.includes('*') || method.countries.includes(country);

/** The least a method can cost this order, as far as the list tells (bands need the parcel). */
function leastPrice(method: ShippingMethod, subtotal: number) {
  if (method.freeOver !== null && subtotal >= method.freeOver) return 0;
  if (method.rate.kind === 'flat') return method.rate.price;
  return Math.min(...method.rate.bands.map((band) => band.price));
}

function priceText(method: ShippingMethod, subtotal: number) {
  const least = leastPrice(method, subtotal);
  if (least === 0) return 'Free';
  return method.rate.kind === 'flat'
    ? formatDollars(least)
    : `by weight, from ${formatDollars(least)}`;
}

/** The methods serving the country, cheapest first, then fastest, as the checkout lists them. */
const offeredFor = (methods: ShippingMethod[], country: string, subtotal: number) =>
  methods
    .filter((m) => serves(m, country))
    .sort(
      (a, b) =>
        leastPrice(a, subtotal) - leastPrice(b, subtotal) ||
        a.deliveryDays.max - b.deliveryDays.max,
    );

const picked = (set: (id: string) => void) => (event: ChangeEvent<HTMLFieldSetElement>) => {
  const target = event.target as unknown as HTMLInputElement;
  if (target.type === 'radio') set(target.value);
};

/**
 * An order placed without a ship-to address (the one-line order of an account with none):
 * where it goes and how, before the card. Saving prices the order again.
 */
export function ShipOrderStep({
  order,
  onSaved,
  onCancel,
}: {
  order: Order;
  onSaved: () => void;
  /** Changing a ship-to already chosen: the way back to the card form. */
  onCancel?: () => void;
}) {
  const addresses = useAddresses();
  const methods = useShippingMethods();
  const save = useSetOrderShipping();
  const saveAddress = useSaveAddress();
  const [addressId, setAddressId] = useState<string>();
  const [methodId, setMethodId] = useState<string>();

  if (addresses.isPending || methods.isPending) {
    return <SectionSpinner label="Loading your addresses" />;
  }
  if (addresses.isError || methods.isError) {
    return <SectionError error={(addresses.error ?? methods.error) as Error} />;
  }
  const list = addresses.data.data;
  const shipTo = shipToOf(list, addressId);
  const offered = shipTo ? offeredFor(methods.data.data, shipTo.country, order.subtotal) : [];
  const method = offered.find((m) => m._id === methodId) ?? offered[0];

  return (
    <section
      aria-labelledby="ship-order-heading"
      className="card border border-base-300 bg-base-100 p-4 shadow-sm sm:p-6"
    >
      <h2 id="ship-order-heading" className="text-xl font-bold">
        Choose where to ship
      </h2>
      <p className="text-base-content/80">
        Choose the delivery address and a shipping method; the total is then worked out with
        shipping and tax, and the card form follows.
      </p>
      {list.length > 0 && (
        <fieldset className="mt-4 flex flex-col gap-2" onChange={picked(setAddressId)}>
          <legend className="mb-2 font-semibold">Ship to</legend>
          {list.map((address) => (
            <RadioCard
              key={address._id}
              name="shippingAddressId"
              value={address._id}
              checked={address._id === shipTo?._id}
            >
              <span className="font-semibold">{address.label || address.name}</span>
              <AddressLines address={address} />
            </RadioCard>
          ))}
        </fieldset>
      )}
      <details className="mt-3 rounded-box border border-base-300" open={list.length === 0}>
        <summary className="cursor-pointer p-3 font-medium">Add a new address</summary>
        <div className="p-3 pt-0">
          <AddressForm
            idPrefix="payment-address"
            title="New address"
            intent="address"
            submitLabel="Ship to this address"
            save={saveAddress}
            onSaved={(address: Address) => setAddressId(address._id)}
          />
        </div>
      </details>
      {shipTo && (
        <fieldset
          key={shipTo._id}
          className="mt-4 flex flex-col gap-2"
          onChange={picked(setMethodId)}
        >
          <legend className="mb-2 font-semibold">Shipping method</legend>
          {offered.length === 0 && (
            <p role="alert">No shipping method we offer serves {shipTo.country}.</p>
          )}
          {offered.map((m) => (
            <RadioCard
              key={m._id}
              name="shippingMethodId"
              value={m._id}
              checked={m._id === method?._id}
            >
              <span className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="font-semibold">{m.name}</span>
                <span>{priceText(m, order.subtotal)}</span>
              </span>
              <span className="text-sm text-base-content/80">
                {deliveryDaysText(m.deliveryDays)}
              </span>
            </RadioCard>
          ))}
        </fieldset>
      )}
      <BusyButton
        className="btn btn-primary mt-4 w-full sm:w-auto"
        pending={save.isPending}
        disabled={!shipTo || !method}
        onClick={() =>
          shipTo &&
          method &&
          save.mutate(
            { orderId: order._id, shippingAddressId: shipTo._id, shippingMethodId: method._id },
            { onSuccess: onSaved },
          )
        }
      >
        Continue to payment
      </BusyButton>
      {onCancel && (
        <button type="button" className="btn btn-ghost mt-2 w-full sm:w-auto" onClick={onCancel}>
          Keep the current address
        </button>
      )}
      {save.isError && (
        <p role="alert" className="mt-2 text-error">
          {errorMessage(save.error)}
        </p>
      )}
    </section>
  );
}
