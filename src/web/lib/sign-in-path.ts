import { sitePaths } from '../../contract/site-paths.ts';

// Pages that send a visitor to sign in for something (Add to cart) say so in the address: any
// feature may build it, and the login page reads it.

/** Why a page sent the visitor to sign in, as the login page says it (`?reason=`). */
const signInReasons = {
  order: 'Sign in to order',
  'stock-alert': 'Sign in to be mailed when a part is back in stock',
} as const;
export type SignInReason = keyof typeof signInReasons;

/**
 * /login?next=/products/…&reason=order: sign in, then back to `next`. In the address rather
 * than in the history state, so that it lasts through a reload and a server-rendered login
 * page says the reason too.
 */
export function signInPath(next: string, reason: SignInReason) {
  return `${sitePaths.login}?${new URLSearchParams({ next, reason }).toString()}`;
}

/** The `next` and `reason` of the login page's address, to hand on to the sign-up page. */
export function signInParams(search: string) {
  const params = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of ['next', 'reason']) {
    const value = params.get(name);
    if (value !== null) kept.set(name, value);
  }
  const text = kept.toString();
  return text ? `?${text}` : '';
}

/** What the login page says of why the visitor is there, if a page said. */
export function signInReason(search: string) {
  const reason = new URLSearchParams(search).get('reason');
  return reason !== null && Object.hasOwn(signInReasons, reason)
    ? signInReasons[reason as SignInReason]
    : null;
}
