import { useSearchParams } from 'react-router';

const readPage = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 1 ? n : 1;
};

/** A list's page and search as its address says them (a loader reads them from the request). */
export const readListParams = (params: URLSearchParams) => ({
  page: readPage(params.get('page')),
  q: params.get('q')?.trim() ?? '',
});

/**
 * A list's page, search and filter live in the address, so Back, reload and a shared link
 * all show the same rows. Changing anything but the page starts again from page 1.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();

  const update = (next: Record<string, string | number | undefined>) => {
    const search = new URLSearchParams(params);
    if (!('page' in next)) search.delete('page');
    for (const [key, value] of Object.entries(next)) {
      const isDefault = value === undefined || value === '' || (key === 'page' && value === 1);
      if (isDefault) search.delete(key);
      else search.set(key, String(value));
    }
    // Synchronously, so a radio or button shows its new state at once, not after a transition.
    setParams(search, { flushSync: true });
  };

  const current = readListParams(params);
  return {
    ...current,
    get: (key: string) => params.get(key),
    update,
    /** A PagedList's page and the way to another, through the address. */
    paging: { page: current.page, onPage: (page: number) => update({ page }) },
  };
}
