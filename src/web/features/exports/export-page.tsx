import { Download } from 'lucide-react';
import { DashboardSection } from '../../components/dashboard-section.tsx';
import { exportPath, type ExportName } from '../../../contract/exports.ts';

type Choice = { value: string; label: string };

type Card = {
  name: ExportName;
  title: string;
  description: string;
  /** What From and To pick by. */
  dates: string;
  statuses?: Choice[];
};

const orderStatuses: Choice[] = [
  { value: 'unpaid', label: 'Unpaid' },
  { value: 'awaiting_approval', label: 'Awaiting approval' },
  { value: 'paid', label: 'Paid' },
  { value: 'partially_shipped', label: 'Partly shipped' },
  { value: 'shipped', label: 'Shipped' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'expired', label: 'Expired' },
  { value: 'rejected', label: 'Rejected' },
];

const cards: Card[] = [
  {
    name: 'orders',
    title: 'Orders',
    description:
      'One row per order line: order number, date, status, company, buyer, PO number, part, quantity, prices, shipping, tax, totals, invoice number and ship-to country.',
    dates: 'by the day the order was placed',
    statuses: orderStatuses,
  },
  {
    name: 'invoices',
    title: 'Invoices and credit notes',
    description:
      'One row per invoice and credit note, for the bookkeeper: number, date, customer, VAT ID, net, tax per rate, gross, due date and paid date. Credit notes are negative.',
    dates: 'by the document’s date',
    statuses: [
      { value: 'paid', label: 'Paid (or refunded)' },
      { value: 'unpaid', label: 'Not paid yet' },
    ],
  },
  {
    name: 'products',
    title: 'Products',
    description:
      'The catalogue in the import’s own columns, one attr: column per attribute: edit it and import it back.',
    dates: 'by the day the product last changed',
  },
  {
    name: 'customers',
    title: 'Customers',
    description:
      'Every account with its company, payment terms, credit limit and balance, then companies without members.',
    dates: 'by the day the account signed up',
  },
];

/**
 * The CSV exports: each a plain GET form that downloads the file, so it works without
 * JavaScript; the server streams it (GET /api/exports/{name}.csv).
 */
export function ExportPage() {
  return (
    <DashboardSection
      title="Export"
      description="Download orders, invoices, products and customers as CSV files for a spreadsheet, a bookkeeper or an ERP. Money is written with a dot and dates as YYYY-MM-DD. A company’s dealer prices download from its price table."
    >
      <div className="grid gap-4 lg:grid-cols-2">
        {cards.map((card) => (
          <ExportCard key={card.name} card={card} />
        ))}
      </div>
    </DashboardSection>
  );
}

function ExportCard({ card }: { card: Card }) {
  const id = (field: string) => `export-${card.name}-${field}`;
  return (
    <form
      method="get"
      action={exportPath(card.name)}
      className="card border border-base-300 bg-base-100"
      aria-labelledby={id('title')}
    >
      <div className="card-body gap-4 p-4 sm:p-6">
        <h2 id={id('title')} className="card-title text-lg">
          {card.title}
        </h2>
        <p className="text-sm text-base-content/80">{card.description}</p>
        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="mb-2 text-sm">Dates, {card.dates} (both optional, inclusive)</legend>
          <div className="flex flex-col gap-1">
            <label htmlFor={id('from')} className="font-medium">
              From
            </label>
            <input id={id('from')} name="from" type="date" className="input w-full" />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={id('to')} className="font-medium">
              To
            </label>
            <input id={id('to')} name="to" type="date" className="input w-full" />
          </div>
        </fieldset>
        {card.statuses && (
          <div className="flex flex-col gap-1">
            <label htmlFor={id('status')} className="font-medium">
              Status
            </label>
            <select id={id('status')} name="status" className="select w-full" defaultValue="">
              <option value="">All</option>
              {card.statuses.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="flex items-start gap-2">
          <input
            id={id('excel')}
            name="excel"
            type="checkbox"
            value="1"
            className="checkbox mt-0.5"
            aria-describedby={id('excel-hint')}
          />
          <div>
            <label htmlFor={id('excel')} className="font-medium">
              Excel (semicolons)
            </label>
            <p id={id('excel-hint')} className="text-sm text-base-content/70">
              For spreadsheets set to European settings: cells split by “;”, with a byte-order mark.
            </p>
          </div>
        </div>
        <div className="card-actions">
          <button type="submit" className="btn btn-primary w-full sm:w-auto">
            <Download size={18} aria-hidden="true" />
            Download {card.name}.csv
          </button>
        </div>
      </div>
    </form>
  );
}
