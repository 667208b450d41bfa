import { apiKeyInput, apiKeyList, apiKeyRevoked, createdApiKey } from '../api-keys.ts';
import { idParams } from '../common.ts';
import { endpoint } from '../endpoint.ts';

/**
 * The API keys part of the endpoint table (src/contract/endpoints.ts composes every part): the
 * keys an ERP or a warehouse system calls the API with. Only admins, signed in, manage them: no
 * key makes or revokes keys.
 */
export const apiKeysEndpoints = {
  createApiKey: endpoint({
    method: 'POST',
    path: '/api/api-keys',
    access: 'admin',
    tag: 'api-keys',
    summary:
      'Make an API key with a name, its scopes and an optional expiry; the key is in this answer only (only its SHA-256 is stored)',
    body: apiKeyInput,
    status: 201,
    response: createdApiKey,
  }),
  listApiKeys: endpoint({
    method: 'GET',
    path: '/api/api-keys',
    access: 'admin',
    tag: 'api-keys',
    summary: 'The keys not revoked, newest first, with their prefix and last use (never the key)',
    response: apiKeyList,
  }),
  revokeApiKey: endpoint({
    method: 'DELETE',
    path: '/api/api-keys/:id',
    access: 'admin',
    tag: 'api-keys',
    summary: 'Revoke a key: from now on it answers 401',
    params: idParams,
    response: apiKeyRevoked,
  }),
} as const;
