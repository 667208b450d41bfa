import { Link } from 'react-router';
import type { QuickAddLineResult, QuickAddResult } from '../../../contract/cart.ts';
import { sitePaths } from '../../../contract/site-paths.ts';
import { TableScroll } from '../../components/table-scroll.tsx';

const badges: Record<QuickAddLineResult['status'], { label: string; className: string }> = {
  added: { label: 'Added', className: 'badge-success' },
  adjusted: { label: 'Adjusted', className: 'badge-warning' },
  error: { label: 'Error', className: 'badge-error' },
};

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "2 added, 1 adjusted, 1 error": the outcome of a quick add in one line. */
export function quickAddSummary(results: readonly QuickAddLineResult[]) {
  const of = (status: QuickAddLineResult['status']) =>
    results.filter((r) => r.status === status).length;
  return [
    count(of('added'), 'line added', 'lines added'),
    count(of('adjusted'), 'adjusted', 'adjusted'),
    count(of('error'), 'error', 'errors'),
  ].join(', ');
}

/** What happened to the cart as a whole, said before the count of lines. */
const outcomes: Record<QuickAddResult['outcome'], string> = {
  added: 'Added to your cart',
  replaced: 'Your cart was replaced: it holds these lines only',
  unchanged: 'Nothing went into your cart, so it is as it was',
};

/** Per-line outcome of a quick add, and the way to the cart. */
export function QuickAddResults({ result }: { result: QuickAddResult }) {
  const lines = result.cart.lines.length;
  return (
    <section aria-labelledby="quick-add-results-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="quick-add-results-title" className="text-xl font-semibold">
          Results
        </h2>
        <Link to={sitePaths.cart} className="btn btn-primary btn-sm">
          Go to your cart ({count(lines, 'line', 'lines')})
        </Link>
      </div>
      <p role="status">
        <strong>{outcomes[result.outcome]}.</strong> {quickAddSummary(result.results)}.
      </p>
      {result.results.length > 0 && (
        <TableScroll label="Quick order results">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Line</th>
                <th scope="col">SKU</th>
                <th scope="col" className="text-right">
                  Asked
                </th>
                <th scope="col" className="text-right">
                  In your cart
                </th>
                <th scope="col">Note</th>
              </tr>
            </thead>
            <tbody>
              {result.results.map((row) => {
                const badge = badges[row.status];
                return (
                  <tr key={row.line}>
                    <th scope="row">{row.line}</th>
                    <td className="font-mono text-sm whitespace-nowrap">{row.sku || '—'}</td>
                    <td className="text-right">{row.asked ?? '—'}</td>
                    <td className="text-right font-semibold">{row.inCart ?? '—'}</td>
                    <td className="min-w-48">
                      <span className={`badge ${badge.className} mr-1`}>{badge.label}</span>
                      {/* "Added" says it once; a raise or a refusal says why. */}
                      {row.message !== badge.label && ` ${row.message}`}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
