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
