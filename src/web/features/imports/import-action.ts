import { data, redirect, useActionData, type ActionFunctionArgs } from 'react-router';
import { MAX_IMPORT_BYTES } from '../../../contract/imports.ts';
import { sitePaths } from '../../../contract/site-paths.ts';
import { ApiError } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { pageOf } from '../../lib/page-context.ts';
import { COMPANY_KIND, importFormData, NO_COMPANY } from './import-kinds.ts';

/** Which of the page's forms was sent: the file (''), Apply, or Retry. */
export type ImportIntent = '' | 'apply' | 'retry';

/** A form the action refused: which, the kind and company that were chosen, and why. */
export type ImportAnswer = {
  intent: ImportIntent;
  kind: string;
  companyId: string;
  message: string;
};

/** The page with an import open: the address a reload comes back to. */
export const importPath = (id: string) => `${sitePaths.imports}?import=${encodeURIComponent(id)}`;

export const NO_FILE = 'Choose a CSV file to check.';
export const TOO_LARGE = `This file is over ${MAX_IMPORT_BYTES / (1024 * 1024)} MB, the most an import takes.`;

const text = (value: FormDataEntryValue | null) => (typeof value === 'string' ? value : '');

/**
 * The page's forms sent before its script took over (docs/decisions/0018): the file (a
 * multipart form, which the server hands over as it came), Apply and Retry. Each is sent on to
 * the API as the admin, and answered with a 303 to the import's own address; a refusal draws
 * the page again with the API's sentence. The hydrated page sends the same calls itself.
 */
export async function importAction({ request, context }: ActionFunctionArgs) {
  const page = pageOf(context);
  const fields = await request.formData();
  const intent = text(fields.get('intent')) as ImportIntent;
  const kind = text(fields.get('kind'));
  const companyId = text(fields.get('companyId'));
  const refuse = (status: number, message: string) =>
    data<ImportAnswer>({ intent, kind, companyId, message }, { status });
  try {
    if (intent === 'apply') {
      const id = text(fields.get('importId'));
      await page.call('POST /api/imports/:id/apply', { params: { id } });
      return redirect(importPath(id), 303);
    }
    if (intent === 'retry') {
      const id = text(fields.get('jobId'));
      await page.call('POST /api/jobs/:id/retry', { params: { id } });
      return redirect(importPath(text(fields.get('importId'))), 303);
    }
    const file = fields.get('file');
    if (!(file instanceof Blob) || file.size === 0) return refuse(400, NO_FILE);
    if (file.size > MAX_IMPORT_BYTES) return refuse(400, TOO_LARGE);
    if (kind === COMPANY_KIND && !companyId) return refuse(400, NO_COMPANY);
    const preview = await page.call('POST /api/imports', { body: importFormData(fields, file) });
    return redirect(importPath(preview._id), 303);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return refuse(error.status || 500, errorMessage(error));
  }
}

/** The refusal of one of the page's forms sent without script, if this one was refused. */
export function useImportAnswer(intent: ImportIntent) {
  const answer = useActionData<ImportAnswer | undefined>();
  return answer?.intent === intent ? answer : undefined;
}
