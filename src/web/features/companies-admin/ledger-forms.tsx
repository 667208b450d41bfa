import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  adjustmentInput,
  paymentInput,
  type AdjustmentInput,
  type PaymentInput,
} from '../../../contract/credit.ts';
import { formatDollars } from '../../../contract/money.ts';
import { FormFooter, NumberField, TextField } from '../../components/form-fields.tsx';
import { errorMessage, fieldError } from '../../lib/error-message.ts';
import { fieldsOf } from '../../lib/fields-of.ts';
import { notify } from '../../lib/notify.ts';
import { useAdjustBalance, useRecordPayment } from './api.ts';

/** "$120.00", or "a credit balance of $80.00" when the company paid beyond what it owed. */
const balanceNow = (balance: number) =>
  balance < 0 ? `a credit balance of ${formatDollars(-balance)}` : formatDollars(balance);

/** "−$80.00" for an amount taken off the balance. */
const signed = (amount: number) => `${amount < 0 ? '−' : '+'}${formatDollars(Math.abs(amount))}`;

/**
 * Record payment: money received from the company, with the bank's or cheque's reference. A
 * payment the server finds large (over $100,000, or over ten times what is owed) comes back
 * with why; the form then asks to confirm the amount, and sends confirmLarge.
 */
export function RecordPaymentForm({ companyId, name }: { companyId: string; name: string }) {
  const record = useRecordPayment(companyId);
  const form = useForm<z.input<typeof paymentInput>, unknown, PaymentInput>({
    resolver: zodResolver(paymentInput),
    // No amount at first: an empty box, not NaN (which the browser warns about).
    defaultValues: { reference: '', confirmLarge: false },
  });
  const field = fieldsOf(form, (name) => `payment-${name}`);
  // Shown from the server's first "confirmLarge" refusal until the payment is recorded.
  const [askConfirm, setAskConfirm] = useState(false);

  const submit = form.handleSubmit((input) =>
    record.mutate(input, {
      onSuccess: (entry) => {
        notify(
          'success',
          `Payment of ${formatDollars(input.amount)} from ${name} is recorded: the balance is now ${balanceNow(entry.balance)}.`,
        );
        form.reset();
        setAskConfirm(false);
      },
      onError: (error) => {
        if (fieldError(error)?.field === 'confirmLarge') setAskConfirm(true);
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Record payment" className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <NumberField
          {...field('amount', { valueAsNumber: true })}
          label="Amount ($)"
          step={0.01}
          min={0.01}
          required
        />
        <TextField
          {...field('reference')}
          label="Reference"
          maxLength={200}
          required
          placeholder="Bank transfer 2026-11-25"
        />
      </div>
      {askConfirm && (
        <label className="flex items-center gap-2">
          <input type="checkbox" className="checkbox" {...form.register('confirmLarge')} />
          The amount is right: record this large payment
        </label>
      )}
      <FormFooter error={record.error && errorMessage(record.error)} pending={record.isPending}>
        Record payment
      </FormFooter>
    </form>
  );
}

/** A signed correction of the balance, with the reason the statement shows. */
export function AdjustBalanceForm({ companyId, name }: { companyId: string; name: string }) {
  const adjust = useAdjustBalance(companyId);
  const form = useForm<z.input<typeof adjustmentInput>, unknown, AdjustmentInput>({
    resolver: zodResolver(adjustmentInput),
    defaultValues: { note: '' },
  });
  const field = fieldsOf(form, (name) => `adjustment-${name}`);

  const submit = form.handleSubmit((input) =>
    adjust.mutate(input, {
      onSuccess: (entry) => {
        notify(
          'success',
          `${name}: adjusted by ${signed(input.amount)}, the balance is now ${balanceNow(entry.balance)}.`,
        );
        form.reset();
      },
    }),
  );

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Adjust the balance"
      className="flex flex-col gap-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <NumberField
          {...field('amount', { valueAsNumber: true })}
          label="Amount ($)"
          step={0.01}
          required
          hint="Positive adds to what is owed; negative takes off"
        />
        <TextField
          {...field('note')}
          label="Reason"
          maxLength={500}
          required
          placeholder="Damaged delivery, agreed discount…"
        />
      </div>
      <FormFooter
        error={adjust.error && errorMessage(adjust.error)}
        pending={adjust.isPending}
        outline
      >
        Adjust the balance
      </FormFooter>
    </form>
  );
}
