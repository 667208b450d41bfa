import type { Db } from '../../db/client.ts';
import type { Handlers } from '../../http/handler.ts';
import { chargeOrderToAccount } from './charge-order.ts';
import { adjustCompanyBalance, companyLedger, recordCompanyPayment } from './company-ledger.ts';

/** A company's credit: its statement, payments and adjustments, and charging an order to it. */
export const creditHandlers = ({
  db,
}: {
  db: Db;
}): Handlers<
  'companyLedger' | 'recordCompanyPayment' | 'adjustCompanyBalance' | 'chargeOrderToAccount'
> => ({
  companyLedger: ({ user, params, query }) => companyLedger(db, user, params.id, query),
  recordCompanyPayment: ({ user, params, body }) => recordCompanyPayment(db, user, params.id, body),
  adjustCompanyBalance: ({ user, params, body }) => adjustCompanyBalance(db, user, params.id, body),
  chargeOrderToAccount: ({ user, params, body }) => chargeOrderToAccount(db, user, params.id, body),
});
