import { Link } from 'react-router';
import type { QuickAddLineResult, QuickAddResult } from '../../contract/cart.ts';
import { sitePaths } from '../../contract/site-paths.ts';
import { TableScroll } from './table-scroll.tsx';
import { numeric, TableHead } from './data-table.tsx';

const badges: Record<QuickAddLineResult['status'], { label: string; className: string }> = {
  added: { label: 'Added', className: 'badge-success' },
  adjusted: { label: 'Adjusted', className: 'badge-warning' },
  error: { label: 'Error', className: 'badge-error' },
};

// On a phone each result is a small card, Asked and In your cart side by side, so that
// nothing is off the screen; the table's headers are then read out only, and the numbers carry
// generated labels (the same way as the cart's lines).
const phone = {
  table: 'max-sm:block',
  head: 'max-sm:sr-only',
  body: 'max-sm:block',
  row: 'max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-4 max-sm:gap-y-1 max-sm:not-last:border-b max-sm:border-base-300 max-sm:p-3',
  cell: 'max-sm:border-b-0 max-sm:p-0',
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

/** How the first column names a line: the pasted line's number, unless told otherwise. */
type LineName<R> = { header: string; text: (row: R) => string };

/**
 * Per-line outcome of a quick add (or of a size grid's boxes, POST /cart/lines), and the way to
 * the cart. `label` names the table; `lineName` names each line (a grid's size, say).
 */
export function QuickAddResults<R extends QuickAddLineResult>({
  result,
  label = 'Quick order results',
  lineName,
}: {
  result: Pick<QuickAddResult, 'outcome' | 'cart'> & { results: R[] };
  label?: string;
  lineName?: LineName<R>;
}) {
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
        <TableScroll label={label}>
          <table className={`table ${phone.table}`}>
            <TableHead
              className={phone.head}
              columns={[
                lineName?.header ?? 'Line',
                'SKU',
                numeric('Asked'),
                numeric('In your cart'),
                'Note',
              ]}
            />
            <tbody className={phone.body}>
              {result.results.map((row) => {
                const badge = badges[row.status];
                return (
                  <tr key={row.line} className={phone.row}>
                    <th
                      scope="row"
                      className={`${phone.cell} ${lineName ? '' : "max-sm:before:content-['Line_']"}`}
                    >
                      {lineName ? lineName.text(row) : row.line}
                    </th>
                    <td className={`font-mono text-sm whitespace-nowrap ${phone.cell}`}>
                      {row.sku || '—'}
                    </td>
                    <td
                      className={`text-right ${phone.cell} max-sm:text-left max-sm:before:content-['Asked_']`}
                    >
                      {row.asked ?? '—'}
                    </td>
                    <td
                      className={`text-right font-semibold ${phone.cell} max-sm:text-left max-sm:before:font-normal max-sm:before:content-['In_your_cart_']`}
                    >
                      {row.inCart ?? '—'}
                    </td>
                    <td className={`sm:min-w-48 ${phone.cell} max-sm:col-span-2`}>
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
