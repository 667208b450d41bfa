import type { Db, Executor } from '../../db/client.ts';
import type { Handlers } from '../../http/handler.ts';
import { companyDetail, setCompanyTerms } from '../../modules/companies/admin.ts';
import { overdueInvoices } from '../../modules/credit/ledger.ts';
import { emitCreditChanged } from '../steps/credit-events.ts';

/** What is overdue of the company's invoices now, in cents (the credit ledger's reckoning). */
async function overdueCents(db: Executor, companyId: string) {
  const overdue = await overdueInvoices(db, companyId, new Date());
  return overdue.reduce((sum, invoice) => sum + invoice.amountCents, 0);
}

/** The shop admin's company view and terms: the company with what its ledger says is overdue. */
export const companyAdminHandlers = ({
  db,
}: {
  db: Db;
}): Handlers<'getCompany' | 'updateCompanyTerms'> => ({
  getCompany: ({ params }) => companyDetail(db, params.id, overdueCents),
  updateCompanyTerms: ({ user, params, body }) =>
    setCompanyTerms(db, user, params.id, body, {
      overdueCents,
      // A new limit changes what the company may charge: `company.credit_changed`, no entry.
      limitChanged: (tx, company) => emitCreditChanged(tx, company, null),
    }),
});
