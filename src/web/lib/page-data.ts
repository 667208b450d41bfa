import type { DehydratedState } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

/** What the server hands to the browser with a page it rendered: one JSON data block. */
export type PageData = { origin: string; queries: DehydratedState };

/** A query's failure as it travels in the page (an ApiError's own fields). */
export type SerializedError = { status: number; code: string; message: string };

/** The id of the <script type="application/json"> element that carries PageData. */
export const PAGE_DATA_ID = 'page-data';

/** The page's data, with failures made ApiErrors again; null for a page drawn in the browser. */
export function readPageData(): PageData | null {
  const element = document.getElementById(PAGE_DATA_ID);
  if (!element?.textContent) return null;
  const data = JSON.parse(element.textContent) as PageData;
  for (const query of data.queries.queries) {
    const error = query.state.error as SerializedError | null;
    if (error) {
      (query.state as { error: unknown }).error = new ApiError(
        error.status,
        error.code,
        error.message,
      );
    }
  }
  return data;
}
