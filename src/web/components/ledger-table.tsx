import { Download } from 'lucide-react';
import { Link } from 'react-router';
import type { CreditEntryType } from '../../contract/company-kinds.ts';
import { balanceText } from '../../contract/credit-rules.ts';
import { formatDollars } from '../../contract/money.ts';
import { sitePaths, toPath } from '../../contract/site-paths.ts';
import { dayText } from '../lib/order-text.ts';
import { DataTable, numeric } from './data-table.tsx';

/** One entry of a company's credit ledger as the API answers it; money in dollars. */
export type LedgerRow = {
  _id: string;
  at: string;
  type: CreditEntryType;
  /** Signed: a charge adds to what is owed, a payment or credit note takes from it. */
  amount: number;
  /** What was owed after this entry; below 0, a credit balance. */
  balance: number;
  orderId: string | null;
  orderNumber: number | null;
  invoiceNumber: string | null;
  note: string;
};

const typeText: Record<CreditEntryType, string> = {
  charge: 'Charge',
  payment: 'Payment',
  credit_note: 'Credit note',
  adjustment: 'Adjustment',
};

/** "+$120.00" or "−$80.00": which way the balance moved. */
const signed = (amount: number) => `${amount < 0 ? '−' : '+'}${formatDollars(Math.abs(amount))}`;

/** The document an entry is about, as a PDF: a charge's invoice, a credit note. */
function documentOf(entry: LedgerRow) {
  if (!entry.orderId || !entry.invoiceNumber) return null;
  const base = `/api/orders/${encodeURIComponent(entry.orderId)}`;
  if (entry.type === 'charge') {
    return { href: `${base}/invoice`, label: `Download invoice ${entry.invoiceNumber}` };
  }
  if (entry.type === 'credit_note') {
    return { href: `${base}/credit-note`, label: `Download credit note ${entry.invoiceNumber}` };
  }
  return null;
}

/** The order, the invoice (downloadable) and the note of an entry. */
function Reference({ entry }: { entry: LedgerRow }) {
  const doc = documentOf(entry);
  return (
    <div className="flex flex-col items-start gap-1">
      {entry.orderId && entry.orderNumber !== null && (
        <Link to={toPath(sitePaths.orderDetail, { orderid: entry.orderId })} className="link">
          Order #{entry.orderNumber}
        </Link>
      )}
      {doc ? (
        <a
          href={doc.href}
          download
          className="link inline-flex items-center gap-1"
          aria-label={doc.label}
        >
          <Download size={14} aria-hidden="true" />
          {entry.invoiceNumber}
        </a>
      ) : (
        entry.invoiceNumber && <span>{entry.invoiceNumber}</span>
      )}
      {entry.note && (
        <span className="text-sm wrap-anywhere text-base-content/80">{entry.note}</span>
      )}
    </div>
  );
}

/**
 * A company's statement lines, newest first: as a table on a desktop, as cards on a phone.
 * Shared by the buyer's Statement page and the shop admin's company page.
 */
export function LedgerTable({ label, entries }: { label: string; entries: LedgerRow[] }) {
  if (entries.length === 0) {
    return (
      <p className="rounded-box border border-base-300 bg-base-100 p-6 text-center">
        Nothing on the account yet.
      </p>
    );
  }
  return (
    <>
      <div className="hidden md:block">
        <DataTable
          label={label}
          columns={['Date', 'Type', 'Reference', numeric('Amount'), numeric('Balance')]}
        >
          {entries.map((entry) => (
            <tr key={entry._id}>
              <td className="whitespace-nowrap">
                <time dateTime={entry.at}>{dayText(entry.at)}</time>
              </td>
              <td>{typeText[entry.type]}</td>
              <td>
                <Reference entry={entry} />
              </td>
              <td className="text-right whitespace-nowrap tabular-nums">{signed(entry.amount)}</td>
              <td className="text-right whitespace-nowrap tabular-nums">
                {balanceText(entry.balance)}
              </td>
            </tr>
          ))}
        </DataTable>
      </div>
      <ol aria-label={label} className="flex flex-col gap-3 md:hidden">
        {entries.map((entry) => (
          <li
            key={entry._id}
            className="rounded-box border border-base-300 bg-base-100 p-4 shadow-sm"
          >
            <div className="flex items-baseline justify-between gap-3">
              <span className="font-semibold">{typeText[entry.type]}</span>
              <span className="font-semibold tabular-nums">{signed(entry.amount)}</span>
            </div>
            <p className="text-sm text-base-content/80">
              <time dateTime={entry.at}>{dayText(entry.at)}</time> ·{' '}
              {entry.balance < 0
                ? balanceText(entry.balance)
                : `balance ${balanceText(entry.balance)}`}
            </p>
            <div className="mt-2">
              <Reference entry={entry} />
            </div>
          </li>
        ))}
      </ol>
    </>
  );
}
