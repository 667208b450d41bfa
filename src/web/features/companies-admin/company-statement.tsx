import { useState } from 'react';
import { Link } from 'react-router';
import { formatDollars } from '../../../contract/money.ts';
import { sitePaths, toPath } from '../../../contract/site-paths.ts';
import { LedgerTable } from '../../components/ledger-table.tsx';
import { SectionSpinner } from '../../components/page-spinner.tsx';
import { Pager } from '../../components/pager.tsx';
import { SectionError } from '../../components/section-error.tsx';
import { dayText } from '../../lib/order-text.ts';
import { useCompanyLedger } from './api.ts';

const PAGE_SIZE = 25;

/** The company's statement as the shop sees it: every entry, newest first, and what is overdue. */
export function CompanyStatement({ companyId, name }: { companyId: string; name: string }) {
  const [page, setPage] = useState(1);
  const ledger = useCompanyLedger(companyId, page, PAGE_SIZE);
  if (ledger.isPending) return <SectionSpinner label="Loading the statement" />;
  if (ledger.isError) return <SectionError error={ledger.error} />;
  const { data, overdueInvoices, totalPages } = ledger.data;
  return (
    <div className="flex flex-col gap-4" aria-busy={ledger.isPlaceholderData}>
      {overdueInvoices.length > 0 && (
        <div role="alert" className="alert alert-warning flex-col items-start gap-1">
          <p className="font-semibold">Overdue invoices: the company cannot order on account.</p>
          <ul className="list-disc pl-5">
            {overdueInvoices.map((invoice) => (
              <li key={invoice.orderId}>
                {invoice.invoiceNumber} (
                <Link
                  to={toPath(sitePaths.orderDetail, { orderid: invoice.orderId })}
                  className="link"
                >
                  Order #{invoice.orderNumber}
                </Link>
                ), {formatDollars(invoice.amount)} due{' '}
                <time dateTime={invoice.dueAt}>{dayText(invoice.dueAt)}</time>
              </li>
            ))}
          </ul>
        </div>
      )}
      <LedgerTable label={`Statement of ${name}`} entries={data} />
      <Pager page={page} totalPages={totalPages} onPage={setPage} />
    </div>
  );
}
