import { Link } from 'react-router';
import { formatDollars } from '../../../contract/money.ts';
import { quoteNumberText, type Quote } from '../../../contract/quotes.ts';
import { sitePaths, toPath } from '../../../contract/site-paths.ts';
import { DashboardSection } from '../../components/dashboard-section.tsx';
import { DataTable, numeric } from '../../components/data-table.tsx';
import { counted, PagedList } from '../../components/paged-list.tsx';
import { SegmentedFilter } from '../../components/segmented-filter.tsx';
import { useListParams } from '../../lib/list-params.ts';
import { dayText } from '../../lib/order-text.ts';
import { useSession } from '../../lib/session.ts';
import { useIsAdmin } from '../auth/api.ts';
import { useQuotes, type QuoteFilter } from './api.ts';
import { isQuoteFilter, QuoteStatusBadge, quoteFilters, requesterText } from './quote-status.tsx';

const PAGE_SIZE = 20;

const emptyText: Record<QuoteFilter, string> = {
  all: 'No quotes yet.',
  requested: 'No quotes waiting for an answer.',
  quoted: 'No quotes waiting for a decision.',
  accepted: 'No accepted quotes.',
  declined: 'No declined quotes.',
  expired: 'No expired quotes.',
};

/**
 * Quotes: the buyer's (their company's) with the shop's answers, or for a shop admin the inbox
 * of every request to answer.
 */
export function QuotesPage() {
  const { user } = useSession();
  const admin = useIsAdmin(user?.email).data?.admin === true;
  const { page, get, update, paging } = useListParams();
  const raw = get('status');
  const status: QuoteFilter = isQuoteFilter(raw) ? raw : 'all';
  const quotes = useQuotes({ status, page, limit: PAGE_SIZE });

  return (
    <DashboardSection
      title="Quotes"
      description={
        admin
          ? 'Quote requests from trade buyers: answer them with prices and an expiry date.'
          : 'Your quotes: ask for one from the cart, then accept or decline the answer.'
      }
    >
      <p className="-mt-2 text-base-content/80">
        {admin ? (
          'Buyers ask for a quote from their cart. Open a request to answer it with quantities, unit prices and the date the prices hold until.'
        ) : (
          <>
            Ask for a quote from your{' '}
            <Link to={sitePaths.cart} className="link">
              cart
            </Link>{' '}
            with Request a quote. Once the shop has answered, accept the quote to order at its
            prices.
          </>
        )}
      </p>
      <SegmentedFilter
        legend="Show quotes"
        name="quote-status"
        options={quoteFilters}
        wrap
        value={status}
        onChange={(next) => update({ status: next === 'all' ? undefined : next })}
      />
      <PagedList
        result={quotes}
        {...paging}
        loadingLabel="Loading quotes"
        emptyText={emptyText[status]}
        count={(n) => `${counted(n, 'quote', 'quotes')}, newest first`}
      >
        {(rows) => (
          <>
            <div className="hidden md:block">
              <QuotesTable quotes={rows} />
            </div>
            <QuoteCards quotes={rows} />
          </>
        )}
      </PagedList>
    </DashboardSection>
  );
}

const quotePath = (quote: Quote) => toPath(sitePaths.quoteDetail, { quoteid: quote._id });

function QuoteLink({ quote }: { quote: Quote }) {
  return (
    <Link to={quotePath(quote)} className="link font-semibold whitespace-nowrap">
      Quote {quoteNumberText(quote.number)}
    </Link>
  );
}

/** Until when a quoted price holds, once there is one. */
const expiryText = (quote: Quote) => (quote.expiresAt ? dayText(quote.expiresAt) : '—');

function QuotesTable({ quotes }: { quotes: Quote[] }) {
  return (
    <DataTable
      label="Quotes"
      columns={[
        'Quote',
        'Requested by',
        numeric('Lines'),
        numeric('Total'),
        'Status',
        'Valid until',
      ]}
    >
      {quotes.map((quote) => (
        <tr key={quote._id}>
          <th scope="row" className="font-normal">
            <QuoteLink quote={quote} />
            <p className="text-sm text-base-content/80">
              <time dateTime={quote.createdAt}>{dayText(quote.createdAt)}</time>
            </p>
          </th>
          <td className="min-w-40">
            {requesterText(quote)}
            <p className="text-sm wrap-anywhere text-base-content/80">{quote.requestedBy.email}</p>
          </td>
          <td className="text-right">{quote.lines.length}</td>
          <td className="text-right font-semibold">{formatDollars(quote.total)}</td>
          <td>
            <QuoteStatusBadge quote={quote} />
          </td>
          <td className="whitespace-nowrap">{expiryText(quote)}</td>
        </tr>
      ))}
    </DataTable>
  );
}

/** The same quotes, one card each, below the md width. */
function QuoteCards({ quotes }: { quotes: Quote[] }) {
  return (
    <ul aria-label="Quotes" className="flex flex-col gap-3 md:hidden">
      {quotes.map((quote) => (
        <li key={quote._id} className="card border border-base-300 bg-base-100">
          <div className="card-body gap-2 p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <QuoteLink quote={quote} />
              <QuoteStatusBadge quote={quote} />
            </div>
            <p className="text-sm wrap-anywhere text-base-content/80">
              {requesterText(quote)} ·{' '}
              <time dateTime={quote.createdAt}>{dayText(quote.createdAt)}</time>
            </p>
            <dl className="grid grid-cols-3 gap-2 text-sm">
              <div>
                <dt className="text-xs text-base-content/80">Lines</dt>
                <dd>{quote.lines.length}</dd>
              </div>
              <div>
                <dt className="text-xs text-base-content/80">Total</dt>
                <dd className="font-semibold">{formatDollars(quote.total)}</dd>
              </div>
              <div>
                <dt className="text-xs text-base-content/80">Valid until</dt>
                <dd>{expiryText(quote)}</dd>
              </div>
            </dl>
          </div>
        </li>
      ))}
    </ul>
  );
}
