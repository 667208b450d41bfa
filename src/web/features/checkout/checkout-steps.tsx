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
import type { Billing, CheckoutChoice } from './api.ts';
import { CardSection } from '../../components/card-section.tsx';
import { OrderLines } from '../../components/order-line-cards.tsx';
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

/**
 * Step 3: "Bill to the same address", ticked unless the buyer bills elsewhere; the account's
 * other addresses only once it is unticked, so each address is listed once (issue 35). Without
 * script the form sends the box and then 'other', and the first counts (choiceOf): ticked is
 * 'same', unticked 'other' or the address picked.
 */
export function BillingStep({
  addresses,
  shipTo,
  billing,
  keep,
}: {
  addresses: Address[];
  shipTo: Address;
  billing: Billing;
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
        button="Update billing"
      >
        <label className="flex cursor-pointer items-center gap-3">
          <input
            type="checkbox"
            className="checkbox checkbox-sm checkbox-primary"
            name="billingAddressId"
            value="same"
            defaultChecked={billing.same}
          />
          <span className="font-medium">Bill to the same address</span>
        </label>
        {!billing.same &&
          (others.length > 0 ? (
            others.map((address) => (
              <RadioCard
                key={address._id}
                name="billingAddressId"
                value={address._id}
                checked={address._id === billing.billTo?._id}
              >
                <AddressTitle address={address} />
                <AddressLines address={address} />
              </RadioCard>
            ))
          ) : (
            <p className="text-sm">
              Your account has no other address. Add the billing address under Ship to (New
              address), then choose the ship-to address again and this one here.
            </p>
          ))}
        <input type="hidden" name="billingAddressId" value="other" />
      </ChoiceForm>
    </Step>
  );
}

/** The parts the quote priced: a table from md up, cards on a phone. */
export function PartsInOrder({ lines }: { lines: DeliveryEstimate['lines'] }) {
  const count = lines.length;
  return (
    <CardSection
      id="step-parts"
      heading={`Parts in your order (${count} ${count === 1 ? 'line' : 'lines'})`}
    >
      <OrderLines caption="Parts in your order" lines={lines} />
    </CardSection>
  );
}
