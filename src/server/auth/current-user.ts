import type { ApiScope } from '../../contract/api-keys.ts';

/** Who is calling: resolved once per request by the guards (auth/guards.ts). */
export type CurrentUser = {
  id: string;
  email: string;
  name: string;
  image: string | null;
  role: string;
  /** Whether the account proved it owns its email (the hold caps are higher once it has). */
  emailVerified: boolean;
  sessionId: string;
  sessionExpiresAt: Date;
  /**
   * 'cookie' for the browser session, 'bearer' for an accessToken, 'apiKey' for an API key
   * (then `apiKey` says which; id, email and name are the key's, "api key <name>").
   */
  via: 'cookie' | 'bearer' | 'apiKey';
  /** Set when an API key calls (src/server/http/api-key-guard.ts): the key and its scopes. */
  apiKey?: { id: string; name: string; scopes: ApiScope[] };
};
