import type { Address } from '../../../contract/addresses.ts';
import type { DeliveryEstimate } from '../../../contract/order-totals.ts';
import { SectionSpinner } from '../../components/page-spinner.tsx';
import { SectionError } from '../../components/section-error.tsx';
import { AddressLines, DefaultBadges } from '../../components/address-lines.tsx';
import { NewAddressDetails } from '../../components/address-form.tsx';
import { RadioCard } from '../../components/radio-card.tsx';
import {
  ShippingOptionCard,
  UnavailableShippingCard,
} from '../../components/shipping-option-card.tsx';
import { useSaveAddress } from '../addresses/api.ts';
import type { CheckoutChoice } from './api.ts';
import { ChoiceForm, Step } from './choice-parts.tsx';

/** Step 1: one of the account's addresses, or a new one added here. */
export function ShipToStep({
  addresses,
  shipTo,
  keep,
  onAdded,
}: {
  addresses: Address[];
  shipTo: Address | undefined;
  keep: CheckoutChoice;
  onAdded: (address: Address) => void;
}) {
  const save = useSaveAddress();
  return (
    <Step number={1} title="Ship to" id="step-ship-to">
      {addresses.length > 0 && (
        <ChoiceForm
          label="Ship to"
          keep={{ billingAddressId: keep.billingAddressId }}
          button="Ship here"
        >
          {addresses.map((address) => (
            <RadioCard
              key={address._id}
              name="shippingAddressId"
              value={address._id}
              checked={address._id === shipTo?._id}
            >
              <AddressTitle address={address} />
              <AddressLines address={address} />
            </RadioCard>
          ))}
        </ChoiceForm>
      )}
      <NewAddressDetails
        idPrefix="checkout-address"
        open={addresses.length === 0}
        save={save}
        onSaved={onAdded}
      />
    </Step>
  );
}

function AddressTitle({ address }: { address: Address }) {
  return (
    <span className="flex flex-wrap items-center gap-2">
      <span className="font-semibold">{address.label || address.name}</span>
      <DefaultBadges address={address} />
    </span>
  );
}

/** Step 2: the methods offered for this cart and address, with price and delivery days. */
export function MethodStep({
  quote,
  keep,
}: {
  quote: { data?: DeliveryEstimate; error: Error | null; isPending: boolean };
  keep: CheckoutChoice;
}) {
  return (
    <Step number={2} title="Shipping method" id="step-method">
      {quote.isPending ? (
        <SectionSpinner label="Pricing delivery" />
      ) : !quote.data ? (
        <SectionError error={quote.error ?? new Error('No quote')} />
      ) : quote.data.shippingOptions.length === 0 ? (
        <>
          <p role="alert">
            No shipping method we offer{' '}
            {quote.data.unavailableShipping.length > 0 ? 'can carry' : 'serves'} this address for
            this cart. Choose another address, order less, or contact us.
          </p>
          <UnavailableMethods options={quote.data.unavailableShipping} />
        </>
      ) : (
        <ChoiceForm
          label="Shipping method"
          resetOn={keep.shippingAddressId}
          keep={{
            shippingAddressId: keep.shippingAddressId,
            billingAddressId: keep.billingAddressId,
          }}
          button="Use this method"
        >
          {quote.data.shippingOptions.map((option) => (
            <ShippingOptionCard
              key={option._id}
              option={option}
              checked={option._id === quote.data?.shipping?.methodId}
            />
          ))}
          <UnavailableMethods options={quote.data.unavailableShipping} />
        </ChoiceForm>
      )}
    </Step>
  );
}

/** The methods that serve the address but cannot carry this cart, each with why. */
function UnavailableMethods({ options }: { options: DeliveryEstimate['unavailableShipping'] }) {
  return options.map((option) => <UnavailableShippingCard key={option._id} option={option} />);
}

/** Step 3: billed to the ship-to address, or to another of the account's. */
export function BillingStep({
  addresses,
  shipTo,
  billTo,
  keep,
}: {
  addresses: Address[];
  shipTo: Address;
  billTo: Address | undefined;
  keep: CheckoutChoice;
}) {
  const others = addresses.filter((a) => a._id !== shipTo._id);
  return (
    <Step number={3} title="Billing" id="step-billing">
      <ChoiceForm
        label="Billing address"
        resetOn={keep.shippingAddressId}
        keep={{
          shippingAddressId: keep.shippingAddressId,
          shippingMethodId: keep.shippingMethodId,
        }}
        button="Bill here"
      >
        <RadioCard name="billingAddressId" value="same" checked={!billTo}>
          <span className="font-semibold">Same as shipping</span>
        </RadioCard>
        {others.map((address) => (
          <RadioCard
            key={address._id}
            name="billingAddressId"
            value={address._id}
            checked={address._id === billTo?._id}
          >
            <AddressTitle address={address} />
            <AddressLines address={address} />
          </RadioCard>
        ))}
      </ChoiceForm>
    </Step>
  );
}
