import { data, redirect, type ActionFunctionArgs } from 'react-router';
import type { CreatedApiKey } from '../../../contract/api-keys.ts';
import { sitePaths } from '../../../contract/site-paths.ts';
import { ApiError } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { pageOf } from '../../lib/page-context.ts';
import { createApiKey, keyInputOf, revokeApiKey } from './api-keys-api.ts';

/**
 * What the page is drawn again with after "Create key" posted before the script took over: the
 * new key (its one showing: no redirect, since nothing may carry the key to another page), or
 * the refusal with what was typed.
 */
export type KeyAnswer = {
  intent: 'create-key';
  created?: CreatedApiKey;
  error?: string;
  values?: { name: string; scopes: string[]; expiresOn: string };
};

export const revokedText = (name: string) =>
  `The key ${name} is revoked: calls with it answer 401.`;

async function createKey({ request, context }: ActionFunctionArgs) {
  const fields = await request.formData();
  try {
    const created = await createApiKey(pageOf(context).call, keyInputOf(fields));
    return data<KeyAnswer>({ intent: 'create-key', created });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const values = {
      name: String(fields.get('name') ?? ''),
      scopes: fields.getAll('scopes').map(String),
      expiresOn: String(fields.get('expiresOn') ?? ''),
    };
    return data<KeyAnswer>(
      { intent: 'create-key', error: errorMessage(error), values },
      { status: error.status || 500 },
    );
  }
}

async function revokeKey({ request, context }: ActionFunctionArgs) {
  const fields = await request.formData();
  const page = pageOf(context);
  const name = String(fields.get('name') ?? '');
  try {
    await revokeApiKey(page.call, String(fields.get('id') ?? ''));
    page.flash?.({ kind: 'success', message: revokedText(name) });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    page.flash?.({ kind: 'error', message: errorMessage(error) });
  }
  return redirect(sitePaths.integrations, 303);
}

/** The API keys section's forms, by their `intent`, for the Integrations page's action. */
export const apiKeyIntents = {
  'create-key': () => createKey,
  'revoke-key': () => revokeKey,
};
