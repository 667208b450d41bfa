import { centsToDollars, formatDollars } from '../../../contract/money.ts';
import type { Executor } from '../../db/client.ts';
import {
  addLedgerEntry,
  availableCents,
  lockCompany,
  overdueInvoices,
} from '../../modules/credit/ledger.ts';
import {
  invoiceOverdue,
  notEnoughCredit,
  noTerms,
  notYourCompany,
  poNumberMissing,
} from '../../modules/credit/refusals.ts';
import { nextDocumentNumber } from '../../modules/invoices/numbers.ts';
import { markChargedToAccount, setInvoiceDue } from '../../modules/orders/on-account.ts';
import type { OrderRow } from '../../modules/orders/repository.ts';
import { addOrderEvent } from '../../modules/orders/timeline.ts';
import { readShopSettings } from '../../modules/shop-settings/repository.ts';
import { emitCreditChanged } from './credit-events.ts';
import { emitInvoiceIssued } from './order-events.ts';
import { AppError } from '../../errors.ts';
import { limitExceeded, overLimitAgain } from './spending-limit.ts';

/** Who charges: the buyer at checkout, or the owner or admin who approved the order. */
export type ChargeActor = { id: string; email: string };

const DAY_MS = 24 * 60 * 60 * 1000;

/** A PO number as kept: trimmed, and none when empty. */
const cleanPo = (po: string | null | undefined) => po?.trim() || null;

/**
 * Charges an unpaid order to its company's account, in the caller's transaction: the company
 * row is locked first (lockCompany), and under that lock its terms, the PO number, its overdue
 * invoices and its available credit are checked, and the charge written. Every charge to one
 * company lines up on that lock, so two at once never take the balance over the limit, and a
 * refusal has written nothing. The order becomes paid on account, is invoiced at once (the
 * number taken last: the year's counter stays locked to the commit) and is due `netDays` later;
 * the ledger's 'charge' entry names the invoice. `poNumber` overrides the one the order was
 * placed with (an order waiting for approval keeps the buyer's).
 */
export async function chargeToAccount(
  tx: Executor,
  order: OrderRow,
  company: { companyId: string },
  poNumber: string | null | undefined,
  actor: ChargeActor,
): Promise<OrderRow> {
  if (order.companyId !== company.companyId) throw notYourCompany();
  const locked = await lockCompany(tx, company.companyId);
  if (!locked || locked.netDays === null) throw noTerms();
  const po = cleanPo(poNumber) ?? cleanPo(order.poNumber);
  if (locked.poRequired && !po) throw poNumberMissing();
  const at = new Date();
  const [overdue] = await overdueInvoices(tx, locked.id, at);
  if (overdue) throw invoiceOverdue(overdue);
  if (order.grandTotalCents > availableCents(locked)) throw notEnoughCredit(availableCents(locked));
  // The buyer's limit as it is at the charge, held until it commits (a change waits for it).
  const limit = await limitExceeded(tx, order);
  if (limit !== undefined) throw overLimitAgain(order.grandTotalCents, limit);
  const charged = await markChargedToAccount(tx, order.id, { poNumber: po, at });
  if (!charged)
    throw new AppError('conflict', 'Only an unpaid order can be charged to the account.');
  // Checked against the total read before the lock: a ship-to chosen meanwhile re-priced it.
  if (charged.grandTotalCents !== order.grandTotalCents) {
    throw new AppError(
      'conflict',
      "This order's total changed while it was charged. Please try again.",
    );
  }
  const amount = formatDollars(centsToDollars(charged.grandTotalCents));
  await addOrderEvent(
    tx,
    order.id,
    'charged_to_account',
    po ? `${amount} to ${locked.name}, PO ${po}` : `${amount} to ${locked.name}`,
  );
  const { invoicePrefix } = await readShopSettings(tx);
  const invoiceNumber = await nextDocumentNumber(tx, 'invoice', invoicePrefix, at);
  const dueAt = new Date(at.getTime() + locked.netDays * DAY_MS);
  const invoiced = await setInvoiceDue(tx, order.id, { invoiceNumber, at, dueAt });
  if (!invoiced) throw new Error(`order ${order.id} was invoiced meanwhile`);
  await addOrderEvent(tx, order.id, 'invoiced', invoiceNumber);
  await emitInvoiceIssued(tx, invoiced);
  const entry = await addLedgerEntry(tx, locked, {
    type: 'charge',
    amountCents: charged.grandTotalCents,
    orderId: order.id,
    invoiceNumber,
    note: po ? `PO ${po}` : '',
    createdBy: actor.email,
  });
  await emitCreditChanged(tx, locked, entry);
  return invoiced;
}
