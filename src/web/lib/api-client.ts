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

/** Our API answers `{error, message}`; Better Auth (at /api/auth) answers `{code, message}`. */
type ErrorLike = { error?: unknown; code?: unknown; message?: unknown };

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

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
    const e = (data ?? {}) as ErrorLike;
    throw new ApiError(
      response.status,
      text(e.error) ?? text(e.code) ?? 'http_error',
      text(e.message) ?? `Request failed (${response.status})`,
    );
  }
  return data as T;
}
