import { Download } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { MyCompany } from '../../../contract/companies.ts';
import type { CompanyLedger } from '../../../contract/credit.ts';
import { balanceFigure } from '../../../contract/credit-rules.ts';
import { formatDollars } from '../../../contract/money.ts';
import { sitePaths, toPath } from '../../../contract/site-paths.ts';
import { LedgerTable } from '../../components/ledger-table.tsx';
import { SectionSpinner } from '../../components/page-spinner.tsx';
import { Pager } from '../../components/pager.tsx';
import { SectionError } from '../../components/section-error.tsx';
import { dayText } from '../../lib/order-text.ts';
import { termsText } from './company-overview.tsx';
import { companyLoader, CompanyPart, ManagersSection } from './company-section.tsx';
import { useLedger } from './credit-api.ts';

export const loader = companyLoader();

const META = {
  title: 'Statement',
  description:
    "Your company's account: balance, available credit, overdue invoices and the ledger.",
};

/** Statement: where the company's account stands, and every entry on it, newest first. */
export function StatementPage() {
  return (
    <ManagersSection meta={META} what="see the statement">
      {(company) => <Statement company={company} />}
    </ManagersSection>
  );
}

function Statement({ company }: { company: MyCompany }) {
  const [page, setPage] = useState(1);
  const ledger = useLedger(company._id, page);
  if (ledger.isPending) return <SectionSpinner label="Loading the statement" />;
  if (ledger.isError) return <SectionError error={ledger.error} />;
  return (
    <>
      <Standing company={company} ledger={ledger.data} />
      {ledger.data.overdueInvoices.length > 0 && <OverdueInvoices ledger={ledger.data} />}
      <CompanyPart id="statement-ledger" title="Ledger">
        <LedgerTable label="Ledger entries" entries={ledger.data.data} />
        <Pager page={page} totalPages={ledger.data.totalPages} onPage={setPage} edges={false} />
      </CompanyPart>
    </>
  );
}

/**
 * Balance (or the credit balance, when the company paid beyond what it owed), available credit,
 * the limit and the terms, each a figure of its own.
 */
function Standing({ company, ledger }: { company: MyCompany; ledger: CompanyLedger }) {
  const balance = balanceFigure(ledger.balance);
  const figures: [string, string][] = [
    [balance.label, balance.value],
    ['Available credit', formatDollars(ledger.available)],
    ['Credit limit', formatDollars(ledger.creditLimit)],
    ['Overdue', formatDollars(ledger.overdue)],
  ];
  return (
    <CompanyPart id="statement-standing" title="Where the account stands" titleHidden>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {figures.map(([label, value]) => (
          <div
            key={label}
            className={`rounded-box border bg-base-100 p-4 shadow-sm ${
              label === 'Overdue' && ledger.overdue > 0 ? 'border-error' : 'border-base-300'
            }`}
          >
            <dt className="text-sm text-base-content/80">{label}</dt>
            <dd className="text-xl font-bold tabular-nums sm:text-2xl">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-base-content/80">
        {company.name} · payment terms: {termsText(company)}
      </p>
    </CompanyPart>
  );
}

/** Invoices past due and not covered by payments: they block ordering on account. */
function OverdueInvoices({ ledger }: { ledger: CompanyLedger }) {
  return (
    <CompanyPart
      id="statement-overdue"
      title="Overdue invoices"
      className="flex flex-col gap-3 rounded-box border border-error bg-base-100 p-4 sm:p-6"
    >
      <p className="text-sm">Pay these before ordering on account again.</p>
      <ul aria-label="Overdue invoices" className="flex flex-col gap-2">
        {ledger.overdueInvoices.map((invoice) => (
          <li
            key={invoice.invoiceNumber}
            className="flex flex-wrap items-center justify-between gap-2 border-b border-base-300 pb-2 last:border-0"
          >
            <span>
              <Link
                to={toPath(sitePaths.orderDetail, { orderid: invoice.orderId })}
                className="link font-medium"
              >
                {invoice.invoiceNumber}
              </Link>{' '}
              · Order #{invoice.orderNumber} · due{' '}
              <time dateTime={invoice.dueAt}>{dayText(invoice.dueAt)}</time> ·{' '}
              <strong>{formatDollars(invoice.amount)}</strong>
            </span>
            <a
              href={`/api/orders/${encodeURIComponent(invoice.orderId)}/invoice`}
              download
              className="btn btn-outline btn-sm"
              aria-label={`Download invoice ${invoice.invoiceNumber}`}
            >
              <Download size={16} aria-hidden="true" />
              Download
            </a>
          </li>
        ))}
      </ul>
    </CompanyPart>
  );
}
