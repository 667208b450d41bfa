import { useState, type ChangeEvent } from 'react';
import type { Address } from '../../../contract/addresses.ts';
import type { DeliveryEstimate } from '../../../contract/order-totals.ts';
import type { Order } from '../../../contract/orders.ts';
import { BusyButton } from '../../components/busy-button.tsx';
import { MoneySummary } from '../../components/money-summary.tsx';
import { SectionSpinner } from '../../components/page-spinner.tsx';
import { SectionError } from '../../components/section-error.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { AddressLines } from '../../components/address-lines.tsx';
import { NewAddressDetails } from '../../components/address-form.tsx';
import { RadioCard } from '../../components/radio-card.tsx';
import {
  ShippingOptionCard,
  UnavailableShippingCard,
} from '../../components/shipping-option-card.tsx';
import { useAddresses, useSaveAddress } from '../addresses/api.ts';
import { shipToOf } from '../checkout/api.ts';
import { useOrderQuote, useSetOrderShipping } from './api.ts';

const picked = (set: (id: string) => void) => (event: ChangeEvent<HTMLFieldSetElement>) => {
  const target = event.target as unknown as HTMLInputElement;
  if (target.type === 'radio') set(target.value);
};

/** The methods offered for this order and address, each at the price it would cost it. */
function MethodChoice({
  country,
  quote,
  chosen,
}: {
  country: string;
  quote: { data?: DeliveryEstimate; error: Error | null; isPending: boolean };
  chosen: string | undefined;
}) {
  if (quote.isPending) return <SectionSpinner label="Pricing delivery" />;
  if (!quote.data) return <SectionError error={quote.error ?? new Error('No quote')} />;
  const options = quote.data.shippingOptions;
  const unavailable = quote.data.unavailableShipping.map((option) => (
    <UnavailableShippingCard key={option._id} option={option} />
  ));
  if (options.length === 0) {
    return (
      <>
        <p role="alert">
          {unavailable.length > 0
            ? `No shipping method we offer to ${country} can carry this order.`
            : `No shipping method we offer serves ${country}.`}
        </p>
        {unavailable}
      </>
    );
  }
  return [
    ...options.map((option) => (
      <ShippingOptionCard key={option._id} option={option} checked={option._id === chosen} />
    )),
    ...unavailable,
  ];
}

/**
 * An order placed without a ship-to address (the one-line order of an account with none):
 * where it goes and how, before the card. Each choice is priced by the server as saving would
 * price it (GET /orders/{id}/delivery), so the buyer sees shipping, tax and the grand total first.
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
  const save = useSetOrderShipping();
  const saveAddress = useSaveAddress();
  const [addressId, setAddressId] = useState<string>();
  const [methodId, setMethodId] = useState<string>();
  const list = addresses.data?.data ?? [];
  const shipTo = shipToOf(list, addressId);
  // The address's methods and prices (its cheapest chosen), then the one picked, priced; while
  // another pick is priced the last totals stay, marked as busy.
  const offered = useOrderQuote(order._id, { shippingAddressId: shipTo?._id });
  const priced = useOrderQuote(
    order._id,
    { shippingAddressId: shipTo?._id, shippingMethodId: methodId },
    true,
  );

  if (addresses.isPending) return <SectionSpinner label="Loading your addresses" />;
  if (addresses.isError) return <SectionError error={addresses.error} />;
  // Another address has other methods: the pick starts again from its cheapest.
  const chooseAddress = (id: string) => {
    setAddressId(id);
    setMethodId(undefined);
  };
  const chosen = methodId ?? offered.data?.shipping?.methodId;
  const ready = Boolean(shipTo && chosen && priced.data && !priced.isPlaceholderData);

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
        <fieldset className="mt-4 flex flex-col gap-2" onChange={picked(chooseAddress)}>
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
      <NewAddressDetails
        idPrefix="payment-address"
        className="mt-3"
        open={list.length === 0}
        save={saveAddress}
        onSaved={(address: Address) => chooseAddress(address._id)}
      />
      {shipTo && (
        <fieldset
          // Drawn afresh for another address, so its radios start from its cheapest.
          key={shipTo._id}
          className="mt-4 flex flex-col gap-2"
          onChange={picked(setMethodId)}
        >
          <legend className="mb-2 font-semibold">Shipping method</legend>
          <MethodChoice country={shipTo.country} quote={offered} chosen={chosen} />
        </fieldset>
      )}
      {shipTo && priced.data && (
        <div
          className={`mt-4 ${priced.isPlaceholderData ? 'opacity-60' : ''}`}
          aria-busy={priced.isPlaceholderData}
        >
          <h3 className="mb-1 font-semibold">Your total with delivery</h3>
          <MoneySummary money={priced.data} />
        </div>
      )}
      {priced.isError && offered.isSuccess && (
        <p role="alert" className="mt-2 text-error">
          {errorMessage(priced.error)}
        </p>
      )}
      <BusyButton
        className="btn btn-primary mt-4 w-full sm:w-auto"
        pending={save.isPending}
        disabled={!ready}
        onClick={() =>
          shipTo &&
          chosen &&
          save.mutate(
            { orderId: order._id, shippingAddressId: shipTo._id, shippingMethodId: chosen },
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
