import type { ConfirmCard } from './api.ts';
import { BusyButton } from '../../components/busy-button.tsx';

/** What the payment page gives either card form (test processor or Stripe). */
export type CardFormProps = {
  /** Undefined until the server has answered the payment intent: Pay waits for it. */
  clientSecret: string | undefined;
  billing: { name: string; email: string };
  pending: boolean;
  /** The last attempt's failure: the provider's or the server's own sentence. */
  error: string | null;
  onPay: (confirmCard: ConfirmCard) => void;
};

export const CARD_ERROR_ID = 'card-error';

/** Spec §4/§8: the card's failure in red, right under the card field. */
export function CardError({ message }: { message: string | null }) {
  return (
    <p id={CARD_ERROR_ID} role="alert" className="min-h-6 text-error">
      {message}
    </p>
  );
}

export function PayButton({ ready, pending }: { ready: boolean; pending: boolean }) {
  return (
    <BusyButton
      type="submit"
      className="btn btn-primary w-full"
      pending={pending}
      disabled={!ready}
    >
      Pay
    </BusyButton>
  );
}

/** "Keep this card for next orders": what the shop keeps of it, said where it is asked. */
export function KeepCardBox({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex items-start gap-3">
      <input
        id="keep-card"
        type="checkbox"
        name="keepCard"
        className="checkbox checkbox-primary mt-0.5"
        aria-describedby="keep-card-hint"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <div className="flex flex-col">
        <label htmlFor="keep-card" className="cursor-pointer">
          Keep this card for next orders
        </label>
        <p id="keep-card-hint" className="text-sm text-base-content/80">
          We keep only its brand, last four digits and expiry; the card stays with the payment
          processor. Remove it any time in My Profile.
        </p>
      </div>
    </div>
  );
}
