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
  /** 'cookie' for the browser session, 'bearer' for an accessToken. */
  via: 'cookie' | 'bearer';
};
