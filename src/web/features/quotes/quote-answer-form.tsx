import { useQueries } from '@tanstack/react-query';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { dollarsToCents, formatDollars, centsToDollars } from '../../../contract/money.ts';
import { groupDigits } from '../../../contract/number-text.ts';
import {
  answerQuoteInput,
  MAX_QUOTE_NOTE,
  quoteNumberText,
  type AnswerQuoteInput,
  type Quote,
} from '../../../contract/quotes.ts';
import { FormFooter, TextAreaField, TextField } from '../../components/form-fields.tsx';
import { formErrorOf, inputResolver, showFieldIssue, type FieldOf } from '../../lib/form-issues.ts';
import { notify } from '../../lib/notify.ts';
import { toolQuery } from '../catalog/api.ts';
import { useAnswerQuote } from './api.ts';

/**
 * Each quoted part's stock on hand now, by product id (absent until read). Accepting the quote
 * is held to it, so the admin is warned before quoting more than there is.
 */
function useOnHand(productIds: readonly string[]) {
  const parts = useQueries({ queries: productIds.map((id) => toolQuery(id)) });
  return new Map(parts.flatMap((p, i) => (p.data ? [[productIds[i]!, p.data.stock]] : [])));
}

/** "Only 1,800 available: …", when the line asks for more than that. */
const shortOfStock = (quantity: number, onHand: number | undefined) =>
  onHand !== undefined && Number.isFinite(quantity) && quantity > onHand
    ? `Only ${groupDigits(onHand)} available: the buyer can accept this quote only once ${groupDigits(quantity)} are in stock.`
    : undefined;

/** The answer as the form holds it: each line named for people, the expiry as a date. */
type Values = {
  lines: { productId: string; sku: string; name: string; quantity: number; unitPrice: number }[];
  /** "2026-12-31": the prices hold to the end of that day. */
  expiresOn: string;
  note: string;
};

const toInput = (v: Values): AnswerQuoteInput => ({
  lines: v.lines.map(({ productId, quantity, unitPrice }) => ({ productId, quantity, unitPrice })),
  expiresAt: v.expiresOn,
  note: v.note,
});

const fieldOf: FieldOf<Values> = (path) => {
  const line = /^lines\.(\d+)\.(quantity|unitPrice)$/.exec(path);
  if (line) return `lines.${Number(line[1])}.${line[2] as 'quantity' | 'unitPrice'}`;
  if (path === 'expiresAt') return 'expiresOn';
  if (path === 'note') return 'note';
  return undefined;
};

/** How long a new answer holds unless the admin says otherwise. */
const DEFAULT_DAYS = 14;

const dateInput = (date: Date) => date.toISOString().slice(0, 10);

const defaultExpiry = (quote: Quote) =>
  quote.expiresAt && new Date(quote.expiresAt) > new Date()
    ? dateInput(new Date(quote.expiresAt))
    : dateInput(new Date(Date.now() + DEFAULT_DAYS * 86_400_000));

const toValues = (quote: Quote): Values => ({
  // A deleted product cannot be quoted: its line is left out of the answer.
  lines: quote.lines.flatMap(({ productId, sku, name, quantity, unitPrice }) =>
    productId ? [{ productId, sku, name, quantity, unitPrice }] : [],
  ),
  expiresOn: defaultExpiry(quote),
  note: quote.shopNote,
});

const resolver = inputResolver(answerQuoteInput, toInput, fieldOf, (v) =>
  v.expiresOn && v.expiresOn < dateInput(new Date())
    ? { expiresOn: 'Choose a date from today on' }
    : {},
);

/** The shop's answer: each line's quantity and unit price, until when they hold, and a note. */
export function QuoteAnswerForm({ quote }: { quote: Quote }) {
  const answer = useAnswerQuote();
  const form = useForm<Values, unknown, AnswerQuoteInput>({
    resolver,
    defaultValues: toValues(quote),
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const { fields, remove } = useFieldArray({ control, name: 'lines' });
  const lines = useWatch({ control, name: 'lines' });
  const onHand = useOnHand(fields.map((f) => f.productId));
  const totalCents = lines.reduce((sum, line) => {
    const cents = dollarsToCents(line.unitPrice) * line.quantity;
    return Number.isFinite(cents) ? sum + cents : sum;
  }, 0);
  const ref = quoteNumberText(quote.number);

  const submit = form.handleSubmit((input) =>
    answer.mutate(
      { id: quote._id, input },
      {
        onSuccess: (saved) => {
          form.reset(toValues(saved));
          notify('success', `Quote ${ref} is sent to ${quote.requestedBy.email}.`);
        },
        onError: (error) => showFieldIssue(form, error, fieldOf),
      },
    ),
  );

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={`Answer quote ${ref}`}
      className="flex flex-col gap-4"
    >
      <ul aria-label="Quoted lines" className="flex flex-col gap-3">
        {fields.map((field, i) => {
          const line = lines[i];
          const lineCents = line ? dollarsToCents(line.unitPrice) * line.quantity : Number.NaN;
          const short = line && shortOfStock(line.quantity, onHand.get(field.productId));
          return (
            <li
              key={field.id}
              className="grid items-start gap-3 rounded-box bg-base-200/60 p-3 sm:grid-cols-[minmax(0,1fr)_7rem_8rem_7rem_auto]"
            >
              <div className="min-w-0 sm:pt-8">
                <p className="font-medium wrap-anywhere">{field.name}</p>
                <p className="font-mono text-xs text-base-content/80">SKU {field.sku}</p>
              </div>
              <div className="grid grid-cols-2 gap-3 sm:contents">
                <TextField
                  id={`quote-line-${i}-quantity`}
                  label="Quantity"
                  aria-label={`Quantity of ${field.name}`}
                  type="number"
                  inputMode="numeric"
                  step={1}
                  min={1}
                  required
                  registration={register(`lines.${i}.quantity`, { valueAsNumber: true })}
                  error={errors.lines?.[i]?.quantity?.message}
                />
                <TextField
                  id={`quote-line-${i}-price`}
                  label="Unit price ($)"
                  aria-label={`Unit price of ${field.name}`}
                  type="number"
                  inputMode="decimal"
                  step={0.01}
                  min={0.01}
                  required
                  registration={register(`lines.${i}.unitPrice`, { valueAsNumber: true })}
                  error={errors.lines?.[i]?.unitPrice?.message}
                />
              </div>
              <p className="flex items-baseline justify-between gap-2 sm:block sm:pt-8 sm:text-right">
                <span className="text-sm text-base-content/80 sm:sr-only">Line total</span>
                <span className="font-semibold">
                  {Number.isFinite(lineCents) ? formatDollars(centsToDollars(lineCents)) : '—'}
                </span>
              </p>
              <button
                type="button"
                className="btn btn-outline btn-error btn-sm justify-self-start sm:mt-7"
                aria-label={`Remove ${field.name}`}
                disabled={fields.length === 1}
                onClick={() => remove(i)}
              >
                Remove
              </button>
              {short && (
                <p
                  id={`quote-line-${i}-stock`}
                  role="status"
                  className="alert alert-warning py-2 text-sm sm:col-span-full"
                >
                  {short}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      <p role="status" className="flex items-baseline justify-end gap-3 text-lg">
        <span>Quoted total</span>
        <strong className="text-xl">{formatDollars(centsToDollars(totalCents))}</strong>
      </p>
      <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
        <TextField
          id="quote-expires"
          label="Valid until"
          type="date"
          required
          hint="The prices hold to the end of this day"
          registration={register('expiresOn')}
          error={errors.expiresOn?.message}
        />
        <TextAreaField
          id="quote-shop-note"
          label="Note to the buyer (optional)"
          rows={3}
          maxLength={MAX_QUOTE_NOTE}
          registration={register('note')}
          error={errors.note?.message}
        />
      </div>
      <FormFooter
        error={errors.lines?.message ?? errors.root?.message ?? formErrorOf(answer.error, fieldOf)}
        pending={answer.isPending}
      >
        {quote.status === 'requested' ? 'Send quote' : 'Send the new quote'}
      </FormFooter>
    </form>
  );
}
