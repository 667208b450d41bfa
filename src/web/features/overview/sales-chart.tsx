import { useId } from 'react';
import { formatDollars } from '../../../contract/money.ts';
import type { AdminOverview } from '../../../contract/overview.ts';

const W = 600;
const H = 200;
const PAD = { left: 4, right: 4, top: 4, bottom: 4 };

type Day = AdminOverview['sales']['days'][number];

/** Sales added up day by day: where the month stands on each day (null after today). */
function runningTotals(days: Day[], pick: (d: Day) => number | null) {
  let sum = 0;
  return days.map((d) => {
    const v = pick(d);
    if (v === null) return null;
    sum += v;
    return sum;
  });
}

function path(points: (number | null)[], x: (i: number) => number, y: (v: number) => number) {
  return points
    .flatMap((v, i) =>
      v === null ? [] : [`${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(v).toFixed(1)}`],
    )
    .join(' ');
}

/**
 * This month's sales so far beside last month's, added up day by day: plain SVG drawn with the
 * page (on the server too), so it shows with scripts off. Its title and description say the
 * figures for those who cannot see it.
 */
export function SalesChart({ sales }: { sales: AdminOverview['sales'] }) {
  const id = useId();
  const thisMonth = runningTotals(sales.days, (d) => d.thisMonth);
  const lastMonth = runningTotals(sales.days, (d) => d.lastMonth);
  const top = Math.max(1, ...thisMonth.map((v) => v ?? 0), ...lastMonth.map((v) => v ?? 0));
  const n = Math.max(1, sales.days.length - 1);
  const x = (i: number) => PAD.left + (i / n) * (W - PAD.left - PAD.right);
  const y = (v: number) => H - PAD.bottom - (v / top) * (H - PAD.top - PAD.bottom);
  const base = H - PAD.bottom;
  return (
    <figure className="flex flex-col gap-1">
      {/* The labels are text of the page, not of the drawing, so they stay readable on a phone. */}
      <p className="text-right text-xs text-base-content/80 tabular-nums" aria-hidden="true">
        {formatDollars(top)}
      </p>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="h-auto w-full"
        role="img"
        aria-labelledby={`${id}-t ${id}-d`}
      >
        <title id={`${id}-t`}>Sales this month and last month, added up day by day</title>
        <desc id={`${id}-d`}>
          {`This month so far ${formatDollars(sales.month.total)}; the same days of last month ${formatDollars(sales.month.lastMonthTotal)}.`}
        </desc>
        <line x1={PAD.left} x2={W - PAD.right} y1={base} y2={base} className="stroke-base-300" />
        <line
          x1={PAD.left}
          x2={W - PAD.right}
          y1={PAD.top}
          y2={PAD.top}
          className="stroke-base-300"
          strokeDasharray="4 4"
        />
        <path
          d={path(lastMonth, x, y)}
          fill="none"
          className="stroke-base-content/50"
          strokeWidth={2}
          vectorEffect="non-scaling-stroke"
          strokeDasharray="6 4"
        />
        <path
          d={path(thisMonth, x, y)}
          fill="none"
          className="stroke-primary"
          strokeWidth={3}
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      <p className="flex justify-between text-xs text-base-content/80" aria-hidden="true">
        <span>Day 1</span>
        <span>Day {sales.days.length}</span>
      </p>
      <figcaption className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <span className="flex items-center gap-2">
          <span aria-hidden="true" className="inline-block h-1 w-6 rounded bg-primary" />
          This month
        </span>
        <span className="flex items-center gap-2">
          <span
            aria-hidden="true"
            className="inline-block w-6 border-t-2 border-dashed border-base-content/50"
          />
          Last month
        </span>
      </figcaption>
    </figure>
  );
}
