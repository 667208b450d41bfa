import { z } from 'zod';
import type { Endpoint } from '../../contract/endpoint.ts';
import { BROWSER_ONLY_CALL, type CallFailure } from '../../contract/page-calls.ts';
import { endpoints, type EndpointName } from '../../contract/endpoints.ts';
import { AppError } from '../errors.ts';
import type { Handler } from '../http/handler.ts';

export type PageHandlers = { [K in EndpointName]?: Handler<(typeof endpoints)[K]> };

/**
 * Answers the web app's `call('GET /api/...')` while the server renders a page: the public
 * read endpoints run their own handler in-process (same schemas, services and read cache as
 * over HTTP; no request to ourselves). Anything else is left to the browser.
 */
export function pageCalls(handlers: PageHandlers) {
  const byRoute = new Map<string, { endpoint: Endpoint; handler: Handler<Endpoint> }>();
  for (const [name, endpoint] of Object.entries(endpoints) as [EndpointName, Endpoint][]) {
    const handler = handlers[name] as Handler<Endpoint> | undefined;
    if (endpoint.method !== 'GET' || endpoint.access !== 'anyone' || !handler) continue;
    byRoute.set(`${endpoint.method} ${endpoint.path}`, { endpoint, handler });
  }

  return async (
    route: string,
    input: { params?: Record<string, unknown>; query?: Record<string, unknown> },
  ): Promise<unknown> => {
    const found = byRoute.get(route);
    if (!found) throw failure(401, BROWSER_ONLY_CALL, 'Drawn in the browser');
    const { endpoint, handler } = found;
    const params = parse(endpoint.params, input.params);
    const query = parse(endpoint.query, stringValues(input.query));
    try {
      const result = await handler({ params, query } as never);
      // What the HTTP answer would carry: the response schema's encoding, as plain JSON.
      return JSON.parse(JSON.stringify(z.encode(endpoint.response, result as never)));
    } catch (error) {
      if (error instanceof AppError) throw failure(error.status, error.kind, error.message);
      throw error;
    }
  };
}

/** Query values arrive as strings over HTTP; the schemas coerce them the same way here. */
function stringValues(query: Record<string, unknown> | undefined) {
  if (!query) return {};
  return Object.fromEntries(
    Object.entries(query)
      .filter(([, value]) => value !== undefined && value !== null && value !== '')
      .map(([name, value]) => [name, String(value)]),
  );
}

function parse(schema: z.ZodType | undefined, value: unknown) {
  if (!schema) return undefined;
  const result = schema.safeParse(value ?? {});
  if (!result.success) {
    throw failure(
      400,
      'bad_request',
      result.error.issues[0]?.message ?? 'The request is not valid',
    );
  }
  return result.data;
}

const failure = (status: number, code: string, message: string): CallFailure & Error =>
  Object.assign(new Error(message), { status, code });
