import { centsToDollars, formatDollars } from '../../../contract/money.ts';
import type { Executor } from '../../db/client.ts';
import { addLedgerEntry, lockCompany, type CompanyRow } from '../../modules/credit/ledger.ts';
import type { OrderRow } from '../../modules/orders/repository.ts';
import { addOrderEvent } from '../../modules/orders/timeline.ts';
import { emitCreditChanged } from './credit-events.ts';

// A credit note of an order charged to a company's account: no card to refund, so the note
// takes its amount off the company's balance, as a 'credit_note' entry of its ledger.

/**
 * The company an order on account was charged to, locked (before the credit note's number is
 * taken: that counter is the transaction's last lock); undefined for a card order.
 */
export async function lockChargedCompany(tx: Executor, row: OrderRow) {
  if (row.paymentMethod !== 'account' || row.companyId === null) return undefined;
  return lockCompany(tx, row.companyId);
}

/** Credits a credit note's amount back to the company, in the note's own transaction. */
export async function creditToAccount(
  tx: Executor,
  company: CompanyRow,
  order: OrderRow,
  note: { number: string; totalCents: number },
  actor: { email: string },
) {
  const entry = await addLedgerEntry(tx, company, {
    type: 'credit_note',
    amountCents: -note.totalCents,
    orderId: order.id,
    invoiceNumber: note.number,
    note: order.invoiceNumber ? `Credits invoice ${order.invoiceNumber}` : '',
    createdBy: actor.email,
  });
  await emitCreditChanged(tx, company, entry);
  await addOrderEvent(
    tx,
    order.id,
    'credit_note',
    `${note.number}: ${formatDollars(centsToDollars(note.totalCents))} credited to ${company.name}'s account`,
  );
}
