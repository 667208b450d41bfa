import { largePaymentReason } from '../../../contract/credit-rules.ts';
import type { Executor } from '../../db/client.ts';
import { findPaymentByReference, type CompanyRow } from './ledger.ts';
import { confirmLargePayment, paymentRecorded } from './refusals.ts';

/**
 * Whether a payment may be recorded, asked under the company's lock: its reference not used
 * before by the company (409 naming the first), and an amount over $100,000 or over ten times
 * what the company owes confirmed (400 saying why). A repeat is named first: the admin who
 * confirms it would record the same money twice.
 */
export async function checkPayment(
  tx: Executor,
  company: Pick<CompanyRow, 'id' | 'balanceCents'>,
  payment: { amountCents: number; reference: string; confirmLarge: boolean },
) {
  const first = await findPaymentByReference(tx, company.id, payment.reference);
  if (first) {
    throw paymentRecorded({
      reference: first.reference ?? payment.reference,
      at: first.at,
      amountCents: first.amountCents,
    });
  }
  const reason = payment.confirmLarge
    ? undefined
    : largePaymentReason(payment.amountCents, company.balanceCents);
  if (reason) throw confirmLargePayment(reason);
}
