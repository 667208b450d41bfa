import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { MAX_QUOTE_NOTE, quoteNumberText } from '../../../contract/quotes.ts';
import { sitePaths, toPath } from '../../../contract/site-paths.ts';
import { BusyButton } from '../../components/busy-button.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { formAction, useFormAnswer } from '../../lib/form-action.ts';
import { notify } from '../../lib/notify.ts';
import { requestQuoteRule, useRequestQuote } from '../quotes/api.ts';

/** The intent a posted quote request carries, beside the cart's other forms. */
export const REQUEST_QUOTE_INTENT = 'request-quote';

const done = (number: number) =>
  `Quote ${quoteNumberText(number)} is requested: we mail you when the shop has answered.`;

/** The cart page's action for a request posted before the script took over. */
export const requestQuoteAction = formAction(
  requestQuoteRule,
  (quote) => ({
    to: toPath(sitePaths.quoteDetail, { quoteid: quote._id }),
    toast: { kind: 'success', message: done(quote.number) },
  }),
  { signedIn: true },
);

/**
 * "Request a quote" under the cart's total: the shop prices the cart's lines (the cart stays
 * as it is), with the buyer's note saying what else matters (dates, a larger run).
 */
export function RequestQuoteForm({ disabled }: { disabled: boolean }) {
  const request = useRequestQuote();
  const navigate = useNavigate();
  const answer = useFormAnswer();
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (request.isPending || disabled) return;
    const note = new FormData(event.currentTarget).get('note');
    setError(null);
    request.mutate(
      { note: typeof note === 'string' ? note : '' },
      {
        onSuccess: (quote) => {
          notify('success', done(quote.number));
          void navigate(toPath(sitePaths.quoteDetail, { quoteid: quote._id }));
        },
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };

  const shownError =
    error ??
    (answer?.values.intent === REQUEST_QUOTE_INTENT
      ? (answer.formError ?? answer.fieldErrors.note)
      : null);
  return (
    <form
      onSubmit={submit}
      method="post"
      noValidate
      aria-label="Request a quote"
      className="flex flex-col gap-2"
    >
      <input type="hidden" name="intent" value={REQUEST_QUOTE_INTENT} />
      <label htmlFor="quote-note" className="font-medium">
        Note for the shop (optional)
      </label>
      <textarea
        id="quote-note"
        name="note"
        rows={2}
        maxLength={MAX_QUOTE_NOTE}
        defaultValue={answer?.values.note ?? ''}
        placeholder="Delivery dates, a larger run, a price you were offered…"
        className="textarea w-full"
        aria-describedby="quote-help"
        aria-invalid={shownError ? true : undefined}
      />
      <BusyButton
        type="submit"
        className="btn btn-outline btn-primary"
        pending={request.isPending}
        disabled={disabled}
      >
        Request a quote
      </BusyButton>
      <p id="quote-help" className="text-sm text-base-content/70">
        For a large order: the shop answers with its prices for these lines. Your cart stays as it
        is.
      </p>
      {shownError && (
        <p role="alert" className="text-sm text-error">
          {shownError}
        </p>
      )}
    </form>
  );
}
