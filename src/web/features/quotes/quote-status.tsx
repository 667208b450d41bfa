import { quoteStatuses, type QuoteStatus } from '../../../contract/company-kinds.ts';
import type { Quote } from '../../../contract/quotes.ts';
import { isOneOf, type FilterOption } from '../../components/segmented-filter.tsx';
import type { QuoteFilter } from './api.ts';

const statusText: Record<QuoteStatus, { text: string; badge: string }> = {
  requested: { text: 'Requested', badge: 'badge-warning' },
  quoted: { text: 'Quoted', badge: 'badge-info' },
  accepted: { text: 'Accepted', badge: 'badge-success' },
  declined: { text: 'Declined', badge: 'badge-neutral' },
  expired: { text: 'Expired', badge: 'badge-neutral' },
};

export function QuoteStatusBadge({ quote }: { quote: Pick<Quote, 'status'> }) {
  const { text, badge } = statusText[quote.status];
  return <span className={`badge ${badge} whitespace-nowrap`}>{text}</span>;
}

/** The list's filter, and the statuses its address may name: each status as its badge says it. */
export const quoteFilters: FilterOption<QuoteFilter>[] = [
  { value: 'all', label: 'All' },
  ...quoteStatuses.map((status) => ({ value: status, label: statusText[status].text })),
];

export const isQuoteFilter = isOneOf(quoteFilters);

/** Who asked: the company, or the buyer alone when they have none. */
export const requesterText = (quote: Quote) =>
  quote.company ? `${quote.company.name} (${quote.requestedBy.name})` : quote.requestedBy.name;
