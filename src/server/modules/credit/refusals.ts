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

export const notYourCompany = () =>
  new AppError('forbidden', "Only your company's owner or admins may do this.");
