import { centsToDollars } from '../../../contract/money.ts';
import type { Executor } from '../../db/client.ts';
import type { CompanyRow, LedgerEntryRow } from '../../modules/credit/ledger.ts';
import { emitEvent } from './emit-event.ts';

/**
 * `company.credit_changed`, in the transaction of the ledger entry or the limit that changed it.
 * A compact shape (the statement's API answers pages of entries): the company, its limit and
 * balance after the change in dollars, and the entry as the statement lists it (null for a
 * new limit).
 */
export const emitCreditChanged = (
  tx: Executor,
  company: Pick<CompanyRow, 'id' | 'name' | 'creditLimitCents' | 'balanceCents'>,
  entry: LedgerEntryRow | null,
) =>
  emitEvent(tx, 'company.credit_changed', {
    companyId: company.id,
    name: company.name,
    creditLimit: centsToDollars(company.creditLimitCents),
    balance: centsToDollars(entry ? entry.balanceAfterCents : company.balanceCents),
    entry: entry && {
      _id: String(entry.id),
      at: entry.at.toISOString(),
      type: entry.type,
      amount: centsToDollars(entry.amountCents),
      balance: centsToDollars(entry.balanceAfterCents),
      orderId: entry.orderId,
      invoiceNumber: entry.invoiceNumber,
      note: entry.note,
    },
  });
