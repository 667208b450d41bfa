import { Link, type LoaderFunctionArgs } from 'react-router';
import type { ReturnRequest } from '../../../contract/returns.ts';
import { sitePaths, toPath } from '../../../contract/site-paths.ts';
import { DashboardSection } from '../../components/dashboard-section.tsx';
import { DataTable } from '../../components/data-table.tsx';
import { counted, PagedList } from '../../components/paged-list.tsx';
import { SegmentedFilter } from '../../components/segmented-filter.tsx';
import { readListParams, useListParams } from '../../lib/list-params.ts';
import { dayText } from '../../lib/order-text.ts';
import { ensureSignedIn, pageOf } from '../../lib/page-context.ts';
import { useSession } from '../../lib/session.ts';
import { useIsAdmin } from '../auth/api.ts';
import { returnsQuery, useReturns } from './api.ts';
import {
  isReturnFilter,
  partsText,
  ReturnStatusBadge,
  returnFilters,
  type ReturnFilter,
} from './return-status.tsx';

const PAGE_SIZE = 20;

const emptyText: Record<ReturnFilter, string> = {
  all: 'No returns yet.',
  requested: 'No returns waiting for a decision.',
  approved: 'No approved returns on their way.',
  rejected: 'No rejected returns.',
  received: 'No received returns.',
};

const searchOf = (params: URLSearchParams) => {
  const raw = params.get('status');
  const status: ReturnFilter = isReturnFilter(raw) ? raw : 'all';
  return { status, page: readListParams(params).page, limit: PAGE_SIZE };
};

export function loader({ request, context }: LoaderFunctionArgs) {
  const page = pageOf(context);
  const search = searchOf(new URL(request.url).searchParams);
  return ensureSignedIn(page, () => [returnsQuery(search, page.call)]);
}

/**
 * Returns: the buyer's (their company's) with where each stands, or for a shop admin the inbox
 * of every one to approve, reject or receive.
 */
export function ReturnsPage() {
  const { user } = useSession();
  const admin = useIsAdmin(user?.email).data?.admin === true;
  const { page, get, update, paging } = useListParams();
  const raw = get('status');
  const status: ReturnFilter = isReturnFilter(raw) ? raw : 'all';
  const returns = useReturns({ status, page, limit: PAGE_SIZE });

  return (
    <DashboardSection
      title={admin ? 'Returns inbox' : 'Returns'}
      description={
        admin
          ? 'Parts buyers ask to send back: approve with where to send them, or reject; then receive them.'
          : 'Parts you asked to send back, and where each return stands.'
      }
    >
      <p className="-mt-2 text-base-content/80">
        {admin
          ? 'Open a return to approve it with shipping instructions, reject it, or record what arrived: what is received is refunded with a credit note.'
          : 'To return parts, open a shipped order in My Orders and choose Return parts.'}
      </p>
      <SegmentedFilter
        legend="Show returns"
        name="return-status"
        options={returnFilters}
        wrap
        value={status}
        onChange={(next) => update({ status: next === 'all' ? undefined : next })}
      />
      <PagedList
        result={returns}
        {...paging}
        loadingLabel="Loading returns"
        emptyText={emptyText[status]}
        count={(n) => `${counted(n, 'return', 'returns')}, newest first`}
      >
        {(rows) => (
          <>
            <div className="hidden md:block">
              <ReturnsTable returns={rows} />
            </div>
            <ReturnCards returns={rows} />
          </>
        )}
      </PagedList>
    </DashboardSection>
  );
}

const returnPath = (ret: ReturnRequest) => toPath(sitePaths.returnDetail, { returnid: ret._id });

function ReturnLink({ ret }: { ret: ReturnRequest }) {
  return (
    <Link to={returnPath(ret)} className="link font-semibold whitespace-nowrap">
      {ret.number}
    </Link>
  );
}

function ReturnsTable({ returns }: { returns: ReturnRequest[] }) {
  return (
    <DataTable label="Returns" columns={['Return', 'Order', 'Asked by', 'Parts', 'Status']}>
      {returns.map((ret) => (
        <tr key={ret._id}>
          <th scope="row" className="font-normal">
            <ReturnLink ret={ret} />
            <p className="text-sm text-base-content/80">
              <time dateTime={ret.createdAt}>{dayText(ret.createdAt)}</time>
            </p>
          </th>
          <td className="whitespace-nowrap">Order #{ret.orderNumber}</td>
          <td className="min-w-40">
            {ret.requestedBy.name}
            <p className="text-sm wrap-anywhere text-base-content/80">{ret.requestedBy.email}</p>
          </td>
          <td className="wrap-anywhere">{partsText(ret)}</td>
          <td>
            <ReturnStatusBadge ret={ret} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/** The same returns, one card each, below the md width. */
function ReturnCards({ returns }: { returns: ReturnRequest[] }) {
  return (
    <ul aria-label="Returns" className="flex flex-col gap-3 md:hidden">
      {returns.map((ret) => (
        <li key={ret._id} className="card border border-base-300 bg-base-100">
          <div className="card-body gap-2 p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <ReturnLink ret={ret} />
              <ReturnStatusBadge ret={ret} />
            </div>
            <p className="text-sm wrap-anywhere text-base-content/80">
              Order #{ret.orderNumber} · {ret.requestedBy.name} ·{' '}
              <time dateTime={ret.createdAt}>{dayText(ret.createdAt)}</time>
            </p>
            <p className="wrap-anywhere">{partsText(ret)}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
