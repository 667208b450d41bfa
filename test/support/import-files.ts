import type { App } from '../../src/server/app.ts';
import { ORIGIN } from './auth.ts';
import { multipartForm } from './images.ts';

/**
 * Sends a CSV file to POST /api/imports as the Import page does: multipart, the `kind` (and a
 * dealer-prices file's `companyId`) beside the file, from the shop's own origin. `as` is a
 * signed-in cookie, or headers of its own (an API key's bearer).
 */
export function sendImportFile(
  app: App,
  as: { cookie: string } | { headers: Record<string, string> },
  fields: { kind: string; companyId?: string },
  file: Buffer | string,
) {
  const form = multipartForm(fields, [
    {
      field: 'file',
      filename: `${fields.kind}.csv`,
      type: 'text/csv',
      bytes: typeof file === 'string' ? Buffer.from(file) : file,
    },
  ]);
  const who = 'cookie' in as ? { cookie: as.cookie, origin: ORIGIN } : as.headers;
  return app.inject({
    method: 'POST',
    url: '/api/imports',
    payload: form.payload,
    headers: { ...form.headers, ...who },
  });
}
