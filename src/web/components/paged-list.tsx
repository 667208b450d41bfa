import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { PageInfo } from '../../contract/common.ts';
import { SectionSpinner } from './page-spinner.tsx';
import { SectionError } from './section-error.tsx';
import { Pager } from './pager.tsx';
import { SearchBox, type SearchProps } from './search-box.tsx';
import { groupDigits } from '../../contract/number-text.ts';

type Paged<T> = PageInfo & { data: T[] };

/**
 * A list paged (and optionally searched) on the server, in the states of spec §4 Lists: a
 * spinner, the error in red, an empty list, or the rows with their count and pager. While
 * another page loads, the old rows stay on screen, marked busy.
 */
export function PagedList<T>(props: Props<T>) {
  if (!props.search) return <ListBody {...props} />;
  return (
    <div className="flex flex-col gap-6">
      <SearchBox {...props.search} />
      <ListBody {...props} />
    </div>
  );
}

type Props<T> = {
  result: UseQueryResult<Paged<T>>;
  page: number;
  onPage: (page: number) => void;
  search?: SearchProps;
  loadingLabel: string;
  /**
   * Keep a screen's height while the first page loads, so a footer below does not jump down
   * when the rows arrive (a layout shift Lighthouse counts on public pages).
   */
  tallWhileLoading?: boolean;
  emptyText: string;
  /** A way out of an empty result, under its sentence (Clear search). */
  emptyAction?: ReactNode;
  /** A heading over the rows, beside their count. */
  heading?: string;
  count: (total: number) => string;
  /**
   * Where a page past the end offers to go: the last page suits a table whose last rows were
   * just deleted, the first suits a stale link into a catalogue.
   */
  pastEnd?: 'first' | 'last';
  /** First and Last buttons in the pager. */
  pagerEdges?: boolean;
  /** The address of a page, for a list paged through the address (see Pager). */
  pageHref?: (page: number) => string;
  /** The table for these rows; `firstNo` is the No of the first one. */
  children: (rows: T[], firstNo: number) => ReactNode;
};

function ListBody<T>({
  result,
  page,
  onPage,
  loadingLabel,
  tallWhileLoading,
  emptyText,
  emptyAction,
  heading,
  count,
  pastEnd = 'last',
  pagerEdges,
  pageHref,
  children,
}: Props<T>) {
  if (result.isPending) {
    const spinner = <SectionSpinner label={loadingLabel} />;
    return tallWhileLoading ? <div className="min-h-screen">{spinner}</div> : spinner;
  }
  if (result.isError) return <SectionError error={result.error} />;
  const list = result.data;
  if (list.total === 0) {
    return (
      <div className="py-6 text-center">
        <p className="text-lg">{emptyText}</p>
        {emptyAction}
      </div>
    );
  }

  const counted = (
    <p aria-live="polite" className="text-base-content/80">
      {result.isPlaceholderData ? 'Loading…' : count(list.total)}
    </p>
  );
  return (
    <div className="flex flex-col gap-4" aria-busy={result.isPlaceholderData}>
      {heading ? (
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="text-2xl font-bold">{heading}</h2>
          {counted}
        </div>
      ) : (
        counted
      )}
      {list.data.length === 0 ? (
        // A delete can empty the last page, or an old link can point past the end.
        <p>
          There is nothing on page {page}.{' '}
          <button
            type="button"
            className="link link-primary"
            onClick={() => onPage(pastEnd === 'first' ? 1 : list.totalPages)}
          >
            {pastEnd === 'first' ? 'Go to the first page' : 'Go to the last page'}
          </button>
        </p>
      ) : (
        children(list.data, (list.page - 1) * list.limit + 1)
      )}
      <Pager
        page={page}
        totalPages={list.totalPages}
        onPage={onPage}
        edges={pagerEdges}
        hrefFor={pageHref}
      />
    </div>
  );
}

/** "1 user", "2 users". */
export const counted = (n: number, one: string, many: string) =>
  `${groupDigits(n)} ${n === 1 ? one : many}`;
