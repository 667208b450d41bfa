import type { DehydratedState } from '@tanstack/react-query';
import { UNSAFE_ErrorResponseImpl as ErrorResponse, type HydrationState } from 'react-router';
import { ApiError } from './api-client.ts';
import type { Flash } from './page-context.ts';

/**
 * What the router starts from in the browser: each route's loader answer (loaders fill the
 * query cache and answer null), a posted form's answer, and a loader's thrown status (a 404).
 */
export type RouterData = {
  loaderData: Record<string, unknown>;
  actionData: Record<string, unknown> | null;
  errors: Record<string, { status: number; statusText: string }>;
};

/** What the server hands to the browser with a page it rendered: one JSON data block. */
export type PageData = {
  origin: string;
  queries: DehydratedState;
  router: RouterData;
  /** The message a form posted without script left for this page. */
  flash?: Flash;
};

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

/** The router's hydration state, with thrown statuses made route error responses again. */
export function hydrationState({ loaderData, actionData, errors }: RouterData): HydrationState {
  const entries = Object.entries(errors);
  return {
    loaderData,
    actionData,
    errors: entries.length
      ? Object.fromEntries(
          entries.map(([id, { status, statusText }]) => [
            id,
            new ErrorResponse(status, statusText, null),
          ]),
        )
      : null,
  };
}
