/**
 * The access token of spec §4: after every sign-in the server hands out a short-lived
 * token for the caller's own session, kept in localStorage under `accessToken`. Its expiry
 * sits beside it so the app can ask for a fresh one instead of sending a dead token.
 */
const TOKEN_KEY = 'accessToken';
const EXPIRES_KEY = 'accessTokenExpiresAt';

// Storage can be switched off (private modes, strict settings); the app then works without it.
function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The stored token, or null when there is none or it has expired. */
export function readAccessToken() {
  const store = storage();
  const token = store?.getItem(TOKEN_KEY);
  if (!token) return null;
  const expiresAt = Date.parse(store?.getItem(EXPIRES_KEY) ?? '');
  if (Number.isFinite(expiresAt) && expiresAt <= Date.now()) return null;
  return token;
}

export function storeAccessToken({
  accessToken,
  expiresAt,
}: {
  accessToken: string;
  expiresAt: string;
}) {
  try {
    storage()?.setItem(TOKEN_KEY, accessToken);
    storage()?.setItem(EXPIRES_KEY, expiresAt);
  } catch {
    // A full or blocked storage only costs the bearer header; the session cookie still works.
  }
}

export function clearAccessToken() {
  storage()?.removeItem(TOKEN_KEY);
  storage()?.removeItem(EXPIRES_KEY);
}
