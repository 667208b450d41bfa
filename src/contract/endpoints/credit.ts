import { idParams } from '../common.ts';
import {
  adjustmentInput,
  chargeToAccountInput,
  companyLedger,
  companyLedgerQuery,
  ledgerEntry,
  paymentInput,
} from '../credit.ts';
import { endpoint } from '../endpoint.ts';
import { order } from '../orders.ts';

/**
 * The credit part of the endpoint table (src/contract/endpoints.ts composes every part): a
 * company's ledger, the payments and adjustments the shop records on it, and charging an order
 * to the company's account.
 */
export const creditEndpoints = {
  companyLedger: endpoint({
    method: 'GET',
    path: '/api/companies/:id/ledger',
    access: 'user',
    tag: 'companies',
    summary:
      "A company's statement, newest first, with its balance, available credit and overdue invoices (its owner or admins, or a shop admin)",
    params: idParams,
    query: companyLedgerQuery,
    response: companyLedger,
    // 403: not the company's owner or admin; 404: no such company.
    refusals: [403],
  }),
  recordCompanyPayment: endpoint({
    method: 'POST',
    path: '/api/companies/:id/payments',
    access: 'admin',
    tag: 'companies',
    summary:
      'Record a payment received from a company: it takes the amount off the balance (written to the audit trail); a reference once per company; over $100,000 or ten times what is owed needs confirmLarge',
    params: idParams,
    body: paymentInput,
    status: 201,
    response: ledgerEntry,
    // 409: the company already has a payment with this reference (the answer names it).
    refusals: [409],
  }),
  adjustCompanyBalance: endpoint({
    method: 'POST',
    path: '/api/companies/:id/adjustments',
    access: 'admin',
    tag: 'companies',
    summary:
      "Correct a company's balance by a signed amount, with the reason (written to the audit trail)",
    params: idParams,
    body: adjustmentInput,
    status: 201,
    response: ledgerEntry,
  }),
  chargeOrderToAccount: endpoint({
    method: 'POST',
    path: '/api/orders/:id/charge-to-account',
    access: 'owner',
    owns: { order: 'params.id' },
    tag: 'orders',
    summary:
      "Charge an unpaid order to the company's account on its terms: invoiced at once, due after the company's net days",
    params: idParams,
    body: chargeToAccountInput,
    response: order,
    // 403: not a member of the order's company; 409: not unpaid, no terms, overdue, over the credit.
    refusals: [403, 409],
  }),
} as const;
