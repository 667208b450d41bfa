import { z } from 'zod';

/**
 * What an API key may be allowed to do. Each endpoint's entry names the scopes that let a key
 * call it (`scopes` in src/contract/endpoint.ts); an entry naming none refuses every key.
 */
export const apiScopes = [
  'catalog:read',
  'catalog:write',
  'stock:write',
  'orders:read',
  'orders:write',
  'webhooks:manage',
] as const;
export const apiScope = z.enum(apiScopes);
export type ApiScope = z.infer<typeof apiScope>;

/** What each scope lets a key do, in the words the Integrations page and the API docs use. */
export const apiScopeText: Record<ApiScope, string> = {
  'catalog:read': 'Read products, categories, brands and dealer prices',
  'catalog:write': 'Add, edit and delete products; set dealer prices',
  'stock:write': 'Post stock movements',
  'orders:read': 'Read orders',
  'orders:write': 'Ship and cancel orders',
  'webhooks:manage': 'Manage webhooks',
};

/** Every key starts so: a bearer token that does not is a session's accessToken. */
export const API_KEY_MARK = 'ecp_';

export const MAX_API_KEY_NAME = 80;

export const apiKeyInput = z.object({
  name: z.string().trim().min(1, 'Give the key a name').max(MAX_API_KEY_NAME),
  scopes: z
    .array(apiScope)
    .min(1, 'Choose at least one scope')
    .max(apiScopes.length)
    .transform((scopes) => [...new Set(scopes)]),
  /** When the key stops working; it never does when left out. */
  expiresAt: z.iso
    .datetime({ offset: true })
    .refine((at) => Date.parse(at) > Date.now(), 'Choose an expiry date in the future')
    .optional(),
});
export type ApiKeyInput = z.input<typeof apiKeyInput>;

/** A key as listed: never the key itself, which only its creator saw, once. */
export const apiKeySummary = z.object({
  _id: z.string(),
  name: z.string(),
  scopes: z.array(apiScope),
  /** The key's visible beginning (`ecp_<prefix>_…`), to tell keys apart. */
  prefix: z.string(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime().nullable(),
  lastUsedAt: z.iso.datetime().nullable(),
});
export type ApiKeySummary = z.infer<typeof apiKeySummary>;

/** The answer to creating a key: the only time the key is shown. */
export const createdApiKey = apiKeySummary.omit({ lastUsedAt: true }).extend({
  key: z.string().describe('The key itself: shown this once, only its SHA-256 is stored'),
});
export type CreatedApiKey = z.infer<typeof createdApiKey>;

export const apiKeyList = z.object({ data: z.array(apiKeySummary) });
export type ApiKeyList = z.infer<typeof apiKeyList>;

export const apiKeyRevoked = z.object({ revoked: z.literal(true), _id: z.string() });
