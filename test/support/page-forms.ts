import type { App } from '../../src/server/app.ts';
import { ORIGIN } from './auth.ts';

/**
 * A form as a browser without script posts it to a page's route action (docs/decisions/0018):
 * url-encoded, from our own pages. `headers` add a cookie, or another Origin.
 */
export const postForm = (
  app: App,
  url: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) =>
  app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, ...headers },
    payload: new URLSearchParams(fields).toString(),
  });
