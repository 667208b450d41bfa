import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDollars } from '../../../contract/money.ts';
import { groupDigits } from '../../../contract/number-text.ts';
import type { AdminOverview, OverviewPart, SalesPeriod } from '../../../contract/overview.ts';
import { sitePaths, toPath } from '../../../contract/site-paths.ts';
import { DashboardSection } from '../../components/dashboard-section.tsx';
import { SectionSpinner } from '../../components/page-spinner.tsx';
import { SectionError } from '../../components/section-error.tsx';
import { useAdminOverview } from './api.ts';
import { overviewLinks } from './overview-links.ts';
import { SalesChart } from './sales-chart.tsx';

/** The admin's landing page: what needs doing, each count leading to its list, then sales. */
export function AdminOverviewPage() {
  const overview = useAdminOverview();
  return (
    <DashboardSection title="Overview" description="What needs doing in the ECParts shop today.">
      {overview.isPending ? (
        <SectionSpinner label="Counting what needs doing" />
      ) : overview.isError ? (
        <SectionError error={overview.error} />
      ) : (
        <Overview data={overview.data} />
      )}
    </DashboardSection>
  );
}

function Overview({ data }: { data: AdminOverview }) {
  const { orders, returns } = data;
  return (
    <>
      <h2 className="sr-only">What needs doing</h2>
      <ul
        className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3"
        aria-label="What needs doing"
      >
        <Count to={overviewLinks.toShip} n={orders.toShip} label="Orders to ship">
          <Link className="link" to={overviewLinks.readyToShip}>
            {groupDigits(orders.readyToShip)} ready to ship now
          </Link>
        </Count>
        <Count
          to={overviewLinks.awaitingApproval}
          n={orders.awaitingApproval}
          label="Awaiting approval"
        >
          By the buyers' company owners
        </Count>
        <Count
          to={overviewLinks.holdsEndingToday}
          n={orders.holdsEndingToday}
          label="Unpaid holds ending today"
        >
          Their stock goes back at the hold's end
        </Count>
        <Count to={overviewLinks.backordered} n={orders.backordered} label="Backorders waiting">
          <Parts parts={data.mostAwaited} unit="awaited" empty="No part is awaited" />
        </Count>
        <Count
          to={overviewLinks.returnsToDecide}
          n={returns.toDecide + returns.toReceive}
          label="Returns to act on"
        >
          {groupDigits(returns.toDecide)} to decide,{' '}
          <Link className="link" to={overviewLinks.returnsToReceive}>
            {groupDigits(returns.toReceive)} to receive
          </Link>
        </Count>
        <Count to={overviewLinks.quotesToAnswer} n={data.quotesToAnswer} label="Quotes to answer" />
        <Count to={overviewLinks.unreadMessages} n={data.unreadMessages} label="Messages unread" />
        <Count to={overviewLinks.lowStock} n={data.lowStock.count} label="Parts low on stock">
          At or under {groupDigits(data.lowStock.at)} pieces.{' '}
          <Parts parts={data.lowStock.lowest} unit="left" empty="" />
        </Count>
        <Count to={overviewLinks.overdue} n={data.overdue.invoices} label="Overdue invoices">
          {formatDollars(data.overdue.total)} owed past due, on account
        </Count>
      </ul>
      <section aria-labelledby="sales-heading" className="flex flex-col gap-3">
        <h2 id="sales-heading" className="text-xl font-semibold">
          Sales
        </h2>
        <p className="text-sm text-base-content/80">
          Paid by card or charged to account, by the day they were paid (UTC), beside the same days
          of last month.
        </p>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Sales label="Today" period={data.sales.today} />
          <Sales label="This month" period={data.sales.month} />
        </div>
        <div className="rounded-box border border-base-300 bg-base-100 p-3">
          <SalesChart sales={data.sales} />
        </div>
      </section>
    </>
  );
}

/** One count: the number and what it counts link to the list; a line below says more. */
function Count({
  to,
  n,
  label,
  children,
}: {
  to: string;
  n: number;
  label: string;
  children?: ReactNode;
}) {
  return (
    <li className="flex flex-col gap-1 rounded-box border border-base-300 bg-base-100 p-4">
      <Link to={to} className="group flex items-baseline gap-3">
        <span className="text-3xl font-bold tabular-nums">{groupDigits(n)}</span>
        <span className="font-semibold group-hover:underline">{label}</span>
      </Link>
      {children && <div className="text-sm text-base-content/80">{children}</div>}
    </li>
  );
}

function Parts({ parts, unit, empty }: { parts: OverviewPart[]; unit: string; empty: string }) {
  if (parts.length === 0) return empty ? <span>{empty}</span> : null;
  return (
    <ol className="mt-1 flex flex-col gap-0.5">
      {parts.map((p) => (
        <li key={p._id} className="flex min-w-0 gap-2">
          <Link
            className="link min-w-0 truncate"
            to={toPath(sitePaths.product, { productid: p._id })}
            title={`${p.sku} ${p.name}`}
          >
            {p.name}
          </Link>
          <span className="ml-auto shrink-0 tabular-nums">
            {groupDigits(p.pieces)} {unit}
          </span>
        </li>
      ))}
    </ol>
  );
}

function change(now: number, before: number) {
  if (before === 0) return now === 0 ? 'the same' : 'up from nothing';
  const pct = Math.round(((now - before) / before) * 100);
  return pct === 0 ? 'the same' : pct > 0 ? `up ${pct}%` : `down ${-pct}%`;
}

function Sales({ label, period }: { label: string; period: SalesPeriod }) {
  return (
    <div className="rounded-box border border-base-300 bg-base-100 p-4">
      <h3 className="text-sm font-semibold text-base-content/80">{label}</h3>
      <p className="text-2xl font-bold tabular-nums">{formatDollars(period.total)}</p>
      <p className="text-sm text-base-content/80">
        {groupDigits(period.orders)} {period.orders === 1 ? 'order' : 'orders'}; last month{' '}
        {formatDollars(period.lastMonthTotal)} ({change(period.total, period.lastMonthTotal)})
      </p>
    </div>
  );
}
