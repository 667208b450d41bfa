import { centsToDollars, formatDollars } from '../../../contract/money.ts';
import type { Executor } from '../../db/client.ts';
import { addLedgerEntry, lockCompany, type CompanyRow } from '../../modules/credit/ledger.ts';
import type { OrderRow } from '../../modules/orders/repository.ts';
import { addOrderEvent } from '../../modules/orders/timeline.ts';
import { emitCreditChanged } from './credit-events.ts';

// Cancelling an order charged to a company's account: no card to refund, so its credit note
// takes the charge off the company's balance, as a 'credit_note' entry of its ledger.

/**
 * The company an order on account was charged to, locked (before the credit note's number is
 * taken: that counter is the transaction's last lock); undefined for a card order.
 */
export async function lockChargedCompany(tx: Executor, row: OrderRow) {
  if (row.paymentMethod !== 'account' || row.companyId === null) return undefined;
  return lockCompany(tx, row.companyId);
}

/** Credits the cancelled order's charge back to the company, in the cancellation's transaction. */
export async function creditToAccount(
  tx: Executor,
  company: CompanyRow,
  cancelled: OrderRow,
  actor: { email: string },
) {
  const cents = cancelled.amountTotalCents ?? cancelled.grandTotalCents;
  const entry = await addLedgerEntry(tx, company, {
    type: 'credit_note',
    amountCents: -cents,
    orderId: cancelled.id,
    invoiceNumber: cancelled.creditNoteNumber,
    note: cancelled.invoiceNumber ? `Cancels invoice ${cancelled.invoiceNumber}` : '',
    createdBy: actor.email,
  });
  await emitCreditChanged(tx, company, entry);
  await addOrderEvent(
    tx,
    cancelled.id,
    'credit_note',
    `${formatDollars(centsToDollars(cents))} credited to ${company.name}'s account`,
  );
}
