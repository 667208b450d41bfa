import type { ErrorBody } from '../../contract/common.ts';

/** An API failure carrying the server's own sentence, ready to show to the user. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

type Options = {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
};

export async function api<T>(
  path: string,
  { method = 'GET', body, headers, signal }: Options = {},
) {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      signal,
      credentials: 'same-origin',
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ApiError(0, 'network', 'Network error: please check your connection and try again.');
  }
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const e = (data ?? {}) as Partial<ErrorBody>;
    throw new ApiError(
      response.status,
      e.error ?? 'http_error',
      e.message ?? `Request failed (${response.status})`,
    );
  }
  return data as T;
}
