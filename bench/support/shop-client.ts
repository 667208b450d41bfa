// The few API calls the benchmarks make to set up their data, as a browser would make them
// (same-origin Origin header, session cookie).

/** The cookie header a browser would send after this response's Set-Cookie lines. */
export function cookieOf(response: Response) {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .filter((pair) => pair.split('=')[1])
    .join('; ');
}

export async function call<T>(
  baseUrl: string,
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  { cookie, body }: { cookie?: string; body?: object } = {},
): Promise<{ status: number; body: T; response: Response }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      origin: baseUrl,
      ...(cookie ? { cookie } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T, response };
}

/** Signs up (or, for an existing account, signs in) and returns the session cookie. */
export async function sessionFor(
  baseUrl: string,
  { email, password, name }: { email: string; password: string; name?: string },
) {
  const signIn = () =>
    call(baseUrl, 'POST', '/api/auth/sign-in/email', { body: { email, password } });
  let res = name
    ? await call(baseUrl, 'POST', '/api/auth/sign-up/email', { body: { email, password, name } })
    : await signIn();
  if (res.status !== 200 && name) res = await signIn();
  if (res.status !== 200) {
    throw new Error(`could not sign in ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  }
  const cookie = cookieOf(res.response);
  if (!cookie) throw new Error(`signing in ${email} set no cookie`);
  return cookie;
}

/**
 * The bench admin's session: signed up, then made an admin straight in the database, as
 * `npm run make-admin` would. ADMIN_EMAILS promotes an address only once its email is
 * verified, and the benchmarks read no mail.
 */
export async function adminSessionFor(
  server: { url: string; query: (text: string, values?: unknown[]) => Promise<unknown[]> },
  account: { email: string; password: string; name: string },
) {
  const cookie = await sessionFor(server.url, account);
  await server.query(`update "user" set role = 'admin' where email = $1`, [account.email]);
  return cookie;
}
