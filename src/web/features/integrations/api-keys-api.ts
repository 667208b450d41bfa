import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiKeyInput, CreatedApiKey } from '../../../contract/api-keys.ts';
import { call, type Call } from '../../lib/api-client.ts';
import { useListWrite } from '../../lib/paged-query.ts';

// Dashboard, Integrations, API keys: GET, POST /api-keys and DELETE /api-keys/{id} (admins).

export const apiKeyKeys = { all: ['admin', 'api-keys'] as const };

export const apiKeysQuery = (via: Call = call) =>
  queryOptions({
    queryKey: apiKeyKeys.all,
    queryFn: ({ signal }) => via('GET /api/api-keys', { signal }),
  });

export const useApiKeys = () => useQuery(apiKeysQuery());

export const createApiKey = (via: Call, body: ApiKeyInput): Promise<CreatedApiKey> =>
  via('POST /api/api-keys', { body });

export const revokeApiKey = (via: Call, id: string) =>
  via('DELETE /api/api-keys/:id', { params: { id } });

export const useCreateApiKey = () =>
  useListWrite(
    (body: ApiKeyInput) => createApiKey(call, body),
    () => [apiKeyKeys.all],
  );

export const useRevokeApiKey = () =>
  useListWrite(
    (id: string) => revokeApiKey(call, id),
    () => [apiKeyKeys.all],
  );

/**
 * What the form sends as the API takes it: the checked scopes, and the "Expires on" day as the
 * end of that day where the admin is (the key works through the day they chose).
 */
export function keyInputOf(fields: FormData): ApiKeyInput {
  const day = String(fields.get('expiresOn') ?? '');
  const end = day ? new Date(`${day}T23:59:59`) : null;
  return {
    name: String(fields.get('name') ?? ''),
    scopes: fields.getAll('scopes').map(String) as ApiKeyInput['scopes'],
    ...(end && !Number.isNaN(end.getTime()) ? { expiresAt: end.toISOString() } : {}),
  };
}
