import { useState, type FormEvent } from 'react';
import { testCardInput, type TestCardInput } from '../../../contract/payments.ts';
import { confirmTestCard } from './api.ts';
import {
  CARD_ERROR_ID,
  CardError,
  KeepCardBox,
  PayButton,
  type CardFormProps,
} from './card-form-parts.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { formatCardNumber, formatCvc, formatExpiry } from './card-format.ts';
import { useTestAuthentication } from './test-authentication.tsx';

/** What the card form holds; the client secret comes from the payment intent. */
type Card = Required<Omit<TestCardInput, 'clientSecret' | 'keepCard'>>;

const blank: Card = { cardNumber: '', expiry: '', cvc: '' };

/** How each field is named and filled in; `format` spaces what is typed as a card shows it. */
const cardFields: Record<
  keyof Card,
  {
    id: string;
    label: string;
    placeholder: string;
    autoComplete: string;
    maxLength: number;
    format: (typed: string) => string;
  }
> = {
  cardNumber: {
    id: 'card-number',
    label: 'Card number',
    placeholder: '1234 1234 1234 1234',
    autoComplete: 'cc-number',
    maxLength: 23,
    format: formatCardNumber,
  },
  expiry: {
    id: 'card-expiry',
    label: 'Expiry (MM/YY)',
    placeholder: 'MM/YY',
    autoComplete: 'cc-exp',
    maxLength: 7,
    format: formatExpiry,
  },
  cvc: {
    id: 'card-cvc',
    label: 'CVC',
    placeholder: '123',
    autoComplete: 'cc-csc',
    maxLength: 4,
    format: formatCvc,
  },
};

type FieldProps = {
  field: keyof Card;
  value: string;
  invalid: boolean;
  onChange: (value: string) => void;
};

function CardField({ field, value, invalid, onChange }: FieldProps) {
  const { id, label, format, ...input } = cardFields[field];
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        spellCheck={false}
        className={`input w-full font-mono ${invalid ? 'input-error' : ''}`}
        aria-invalid={invalid || undefined}
        aria-describedby={CARD_ERROR_ID}
        value={value}
        onChange={(event) => onChange(format(event.target.value))}
        {...input}
      />
    </div>
  );
}

/**
 * The form is drawn on the server, and its code arrives after the page's: what a fast hand (or
 * a password manager) typed into the server's fields before then is taken in as the form comes
 * alive, not wiped by its first render. A form drawn in the browser starts blank.
 */
function typedBeforeHydration(): Card {
  if (typeof document === 'undefined') return blank;
  const typed = (field: keyof Card) => {
    const element = document.getElementById(cardFields[field].id);
    return element instanceof HTMLInputElement ? cardFields[field].format(element.value) : '';
  };
  return { cardNumber: typed('cardNumber'), expiry: typed('expiry'), cvc: typed('cvc') };
}

/**
 * The built-in test processor's card form (provider 'test'). The card goes straight to the
 * processor's confirm call and is never kept in the page's state beyond this form.
 */
export function TestCardForm({ clientSecret, pending, error, onPay }: CardFormProps) {
  const [card, setCard] = useState(typedBeforeHydration);
  const live = useHydrated();
  const [keepCard, setKeepCard] = useState(false);
  const authentication = useTestAuthentication();
  const [incomplete, setIncomplete] = useState<{ field: string; message: string } | null>(null);

  const set = (field: keyof Card, value: string) => {
    // From the latest state: a field filled before the last one re-rendered is kept (a
    // password manager, or a fast hand, fills all three at once).
    setCard((typed) => ({ ...typed, [field]: value }));
    setIncomplete(null);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!clientSecret) return;
    // The server's own rules, checked here first so a half-typed card costs no request.
    const parsed = testCardInput.safeParse({ clientSecret, ...card, keepCard });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setIncomplete({
        field: String(issue?.path[0] ?? ''),
        message: issue?.message ?? 'Please check your card details.',
      });
      return;
    }
    setIncomplete(null);
    onPay(async () => {
      const confirmed = await confirmTestCard(parsed.data);
      // The bank may ask for 3-D Secure first, as Stripe.js's own modal does.
      const id =
        confirmed.status === 'requires_action'
          ? await authentication.ask(clientSecret)
          : confirmed.paymentIntentId;
      return { id, keepCard };
    });
  };

  const message = incomplete?.message ?? error;
  const fieldOf = (field: keyof Card) => (
    <CardField
      field={field}
      value={card[field]}
      invalid={incomplete?.field === field}
      onChange={(value) => set(field, value)}
    />
  );
  // The 3-D Secure dialog holds a form of its own, so it sits beside the card form, not in it.
  return (
    <>
      <form
        onSubmit={submit}
        noValidate
        aria-label="Card payment"
        className="flex flex-col gap-3"
        // Its code loads after the page's: marked once script runs it.
        data-live={live || undefined}
      >
        <fieldset className="flex flex-col gap-3 rounded-box border border-base-300 p-4">
          <legend className="px-1 font-semibold">Card details</legend>
          {fieldOf('cardNumber')}
          <div className="grid grid-cols-2 gap-3">
            {fieldOf('expiry')}
            {fieldOf('cvc')}
          </div>
        </fieldset>
        <KeepCardBox checked={keepCard} onChange={setKeepCard} />
        <CardError message={message} />
        <p className="text-sm text-base-content/80">
          Test mode: use card 4242 4242 4242 4242, any future date and any CVC.
        </p>
        <PayButton ready={Boolean(clientSecret)} pending={pending} />
      </form>
      {authentication.dialog}
    </>
  );
}
