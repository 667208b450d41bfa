import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { PageInfo } from '../../../contract/common.ts';
import { SectionSpinner } from '../../components/page-spinner.tsx';
import { SectionError } from '../../components/section-error.tsx';
import { Pager } from './pager.tsx';
import { SearchBox, type SearchProps } from './search-box.tsx';

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
  emptyText: string;
  count: (total: number) => string;
  /** The table for these rows; `firstNo` is the No of the first one. */
  children: (rows: T[], firstNo: number) => ReactNode;
};

function ListBody<T>({ result, page, onPage, loadingLabel, emptyText, count, children }: Props<T>) {
  if (result.isPending) return <SectionSpinner label={loadingLabel} />;
  if (result.isError) return <SectionError error={result.error} />;
  const list = result.data;
  if (list.total === 0) return <p className="py-6 text-center text-lg">{emptyText}</p>;

  return (
    <div className="flex flex-col gap-4" aria-busy={result.isPlaceholderData}>
      <p aria-live="polite" className="text-base-content/80">
        {result.isPlaceholderData ? 'Loading…' : count(list.total)}
      </p>
      {list.data.length === 0 ? (
        // A delete can empty the last page, or an old link can point past the end.
        <p>
          There is nothing on page {page}.{' '}
          <button
            type="button"
            className="link link-primary"
            onClick={() => onPage(list.totalPages)}
          >
            Go to the last page
          </button>
        </p>
      ) : (
        children(list.data, (list.page - 1) * list.limit + 1)
      )}
      <Pager page={page} totalPages={list.totalPages} onPage={onPage} />
    </div>
  );
}

/** "1 user", "2 users". */
export const counted = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
