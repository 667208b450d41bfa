import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { formatDollars } from '../../../contract/money.ts';
import { quoteNumberText, type Quote } from '../../../contract/quotes.ts';
import { sitePaths, toPath } from '../../../contract/site-paths.ts';
import { DashboardSection } from '../../components/dashboard-section.tsx';
import { OrderLines } from '../../components/order-line-cards.tsx';
import { SectionSpinner } from '../../components/page-spinner.tsx';
import { SectionError } from '../../components/section-error.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { ensureSignedIn, pageOf } from '../../lib/page-context.ts';
import { dayText, momentText } from '../../lib/order-text.ts';
import { useSession } from '../../lib/session.ts';
import { useIsAdmin } from '../auth/api.ts';
import { SectionCard } from '../../components/section-card.tsx';
import { quoteQuery, useQuote } from './api.ts';
import { QuoteAnswerForm } from './quote-answer-form.tsx';
import { QuoteDecision } from './quote-decision.tsx';
import { QuoteStatusBadge, requesterText } from './quote-status.tsx';

export function loader({ params, context }: LoaderFunctionArgs) {
  const page = pageOf(context);
  return ensureSignedIn(page, () => [quoteQuery(params.quoteid ?? '', page.call)]);
}

const META = {
  title: 'Quote',
  description:
    'One ECParts quote: the parts asked for, the shop’s prices and until when they hold.',
};

/** A quote's page: the buyer accepts or declines it, a shop admin answers it. */
export function QuotePage() {
  const { quoteid = '' } = useParams();
  const quote = useQuote(quoteid);
  if (quote.isPending) {
    return (
      <DashboardSection {...META}>
        <SectionSpinner label="Loading the quote" />
      </DashboardSection>
    );
  }
  if (quote.isError) {
    const status = quote.error instanceof ApiError ? quote.error.status : 0;
    return (
      <DashboardSection {...META}>
        {status === 404 || status === 403 ? (
          <p>This quote does not exist, or it is not yours to see.</p>
        ) : (
          <SectionError error={quote.error} />
        )}
        <Link to={sitePaths.quotes} className="btn btn-primary self-start">
          Go to Quotes
        </Link>
      </DashboardSection>
    );
  }
  return <QuoteDetails quote={quote.data} />;
}

/** Whether the shop may (still) answer: not once it is accepted or declined. */
const answerable = (quote: Quote) =>
  quote.status === 'requested' || quote.status === 'quoted' || quote.status === 'expired';

function QuoteDetails({ quote }: { quote: Quote }) {
  const { user } = useSession();
  const admin = useIsAdmin(user?.email).data?.admin === true;
  const ref = quoteNumberText(quote.number);
  return (
    <DashboardSection title={`Quote ${ref}`} description={META.description}>
      <div className="-mt-4 flex flex-wrap items-center gap-3">
        <QuoteStatusBadge quote={quote} />
        <span className="text-base-content/80">
          Requested <time dateTime={quote.createdAt}>{dayText(quote.createdAt)}</time> by{' '}
          {requesterText(quote)}
          {admin && `, ${quote.requestedBy.email}`}
        </span>
      </div>
      <QuoteState quote={quote} />
      {!admin && <QuoteDecision quote={quote} />}
      <SectionCard title={quote.status === 'requested' ? 'Parts asked for' : 'Parts'}>
        <OrderLines caption={`Parts in quote ${ref}`} lines={quote.lines} />
        <p className="flex items-baseline justify-end gap-3 text-lg">
          <span>Total</span>
          <strong className="text-xl">{formatDollars(quote.total)}</strong>
        </p>
        {quote.status === 'requested' && (
          <p className="text-sm text-base-content/80">
            At the prices when it was asked for; the shop’s answer sets the quoted prices.
          </p>
        )}
      </SectionCard>
      <SectionCard title="Notes">
        <dl className="grid gap-3 sm:grid-cols-2">
          <div>
            <dt className="font-semibold">From the buyer</dt>
            <dd className="whitespace-pre-line wrap-anywhere">{quote.note || 'No note.'}</dd>
          </div>
          <div>
            <dt className="font-semibold">From the shop</dt>
            <dd className="whitespace-pre-line wrap-anywhere">
              {quote.shopNote || (quote.quotedAt ? 'No note.' : 'Not answered yet.')}
            </dd>
          </div>
        </dl>
      </SectionCard>
      {admin && answerable(quote) && (
        <SectionCard
          title={quote.status === 'requested' ? 'Answer the request' : 'Change the answer'}
        >
          <QuoteAnswerForm quote={quote} />
        </SectionCard>
      )}
      {admin && <QuoteDecision quote={quote} admin />}
    </DashboardSection>
  );
}

/** Where the quote stands, in a sentence: what happens next, and who does it. */
function QuoteState({ quote }: { quote: Quote }) {
  const until = quote.expiresAt && (
    <time dateTime={quote.expiresAt}>{momentText(quote.expiresAt)}</time>
  );
  switch (quote.status) {
    case 'requested':
      return <p>Waiting for the shop’s answer.</p>;
    case 'quoted':
      return (
        <p>
          Quoted{quote.quotedAt && ` on ${dayText(quote.quotedAt)}`}: these prices hold until{' '}
          {until}.
        </p>
      );
    case 'expired':
      return <p>The quoted prices held until {until}: this quote can no longer be accepted.</p>;
    case 'declined':
      return <p>Declined{quote.decidedAt && ` on ${dayText(quote.decidedAt)}`}.</p>;
    case 'accepted':
      return (
        <p>
          Accepted{quote.decidedAt && ` on ${dayText(quote.decidedAt)}`}
          {quote.orderId && (
            <>
              :{' '}
              <Link
                to={toPath(sitePaths.orderDetail, { orderid: quote.orderId })}
                className="link font-semibold"
              >
                view the order
              </Link>
            </>
          )}
          .
        </p>
      );
  }
}
