import { centsToDollars, formatDollars } from '../../../contract/money.ts';
import { AppError } from '../../errors.ts';
import type { OverdueInvoice } from './ledger.ts';

// Why an order cannot go on the company's account: the wording the buyer reads.

export const noTerms = () =>
  new AppError('conflict', 'Your company has no payment terms yet: pay by card.');

export const poNumberMissing = () => new AppError('bad_request', 'poNumber: Enter a PO number');

export const notEnoughCredit = (availableCents: number) =>
  new AppError(
    'conflict',
    `Not enough credit: ${formatDollars(centsToDollars(availableCents))} available.`,
  );

/** "2026-11-30": the due date as the refusal names it. */
const day = (at: Date) => at.toISOString().slice(0, 10);

export const invoiceOverdue = (invoice: Pick<OverdueInvoice, 'invoiceNumber' | 'dueAt'>) =>
  new AppError(
    'conflict',
    `An invoice is overdue (${invoice.invoiceNumber}, due ${day(invoice.dueAt)}). Pay it before ordering on account.`,
  );

/** "Payment R-1 was already recorded on 2026-11-28 for $1,000,000.00". */
export const paymentRecorded = (first: { reference: string; at: Date; amountCents: number }) =>
  new AppError(
    'conflict',
    `Payment ${first.reference} was already recorded on ${day(first.at)} for ${formatDollars(centsToDollars(Math.abs(first.amountCents)))}.`,
  );

/** A payment that needs `confirmLarge`: the 400 names the field, so a form can ask for it. */
export const confirmLargePayment = (reason: string) =>
  new AppError('bad_request', `confirmLarge: ${reason}`);

export const notYourCompany = () =>
  new AppError('forbidden', "Only your company's owner or admins may do this.");
