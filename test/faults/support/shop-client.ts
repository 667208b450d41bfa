import { linkIn, outboxFor } from '../../support/auth.ts';
import { jsonOrText } from './agent-request.ts';
import { ADMIN_EMAIL, dataDirOf } from './server-process.ts';

export type Reply = { status: number; body: unknown; headers: Headers };

/** Who is calling: the session cookie, and the server the cookie-authenticated write goes to. */
export type Caller = { cookie: string; email: string };

/** One HTTP call to a running server, as a browser on its own origin would make it. */
export async function call(
  baseUrl: string,
  method: string,
  path: string,
  { body, cookie, signal }: { body?: unknown; cookie?: string; signal?: AbortSignal } = {},
): Promise<Reply> {
  const headers: Record<string, string> = { origin: baseUrl };
  if (cookie) headers.cookie = cookie;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: signal ?? AbortSignal.timeout(30_000),
  });
  return { status: res.status, body: jsonOrText(await res.text()), headers: res.headers };
}

let counter = 0;

/** Signs a new customer up (the admin when email is ADMIN_EMAIL) and returns their session. */
export async function signUp(baseUrl: string, email?: string): Promise<Caller> {
  const address = email ?? `rider-${Date.now()}-${++counter}@faults.example.com`;
  const res = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Fault Tester', email: address, password: 'correct-horse-9' }),
  });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return { cookie, email: address };
}

/**
 * Signs the admin up and follows the verification link the server mailed to its outbox:
 * ADMIN_EMAILS makes the address admin once it is verified.
 */
export async function signUpAdmin(baseUrl: string) {
  const admin = await signUp(baseUrl, ADMIN_EMAIL);
  const dataDir = dataDirOf(baseUrl);
  const mail = dataDir ? outboxFor(dataDir, ADMIN_EMAIL).at(-1) : undefined;
  if (!mail) throw new Error(`no verification mail for ${ADMIN_EMAIL} from ${baseUrl}`);
  const res = await fetch(linkIn(mail), { redirect: 'manual' });
  if (res.status !== 302) throw new Error(`verifying the admin failed: ${res.status}`);
  return admin;
}

type Product = { _id: string; name: string; price: number; stock: number };
export type Order = {
  _id: string;
  productId: string | null;
  quantity: number;
  totalPrice: number;
  price: number;
};

export async function addProduct(baseUrl: string, admin: Caller, stock: number): Promise<Product> {
  const res = await call(baseUrl, 'POST', '/api/tools', {
    cookie: admin.cookie,
    body: { name: 'Spoke wrench', price: 7.5, stock, img: '/images/products/spoke-wrench.svg' },
  });
  if (res.status !== 201 && res.status !== 200) {
    throw new Error(`adding a product failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return res.body as Product;
}

export async function productStock(baseUrl: string, productId: string) {
  const res = await call(baseUrl, 'GET', `/api/tools/${productId}`);
  if (res.status !== 200) throw new Error(`product read failed: ${res.status}`);
  return (res.body as Product).stock;
}

export const placeOrder = (
  baseUrl: string,
  customer: Caller,
  productId: string,
  quantity: number,
) =>
  call(baseUrl, 'POST', '/api/orders', {
    cookie: customer.cookie,
    body: { productId, quantity, email: customer.email },
  });

export async function ordersOf(baseUrl: string, customer: Caller): Promise<Order[]> {
  const res = await call(
    baseUrl,
    'GET',
    `/api/orders?email=${encodeURIComponent(customer.email)}`,
    {
      cookie: customer.cookie,
    },
  );
  if (res.status !== 200)
    throw new Error(`orders read failed: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body as { data: Order[] }).data;
}

/** A shop to put under load: its admin, one customer and one product with this much stock. */
export async function openShop(baseUrl: string, stock: number) {
  const admin = await signUpAdmin(baseUrl);
  const customer = await signUp(baseUrl);
  const product = await addProduct(baseUrl, admin, stock);
  return { admin, customer, product };
}
