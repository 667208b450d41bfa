import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../../src/server/http/json-body.ts';
import { ORIGIN } from '../support/auth.ts';
import { makeWorld, type World } from './world.ts';

// JSON nested thousands deep gave a 500 on Better Auth's routes (issue 19, item 8): every route
// refuses it with a 400 before any handler, through the one JSON parser they all share.

let world: World;
beforeAll(async () => {
  world = await makeWorld();
});
afterAll(() => world.app.close());

const DEPTH = 5_000;
const deepArray = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`;
const deepObject = `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`;
/** A value `levels` arrays deep, as JSON text. */
const nested = (levels: number) => `${'['.repeat(levels)}1${']'.repeat(levels)}`;

const TOO_DEEP = {
  error: 'bad_request',
  message: `The request body is nested too deeply (${MAX_JSON_DEPTH} levels at most).`,
};

let ip = 0;
/** A raw JSON body, as the customer, from a fresh address (the contact form limits per IP). */
const post = (url: string, body: string) =>
  world.app.inject({
    method: 'POST',
    url,
    payload: body,
    remoteAddress: `10.9.0.${++ip}`,
    headers: {
      origin: ORIGIN,
      'content-type': 'application/json',
      cookie: world.customer.cookie,
    },
  });

describe('a JSON body nested 5,000 deep', () => {
  it('is refused with a 400 on Better Auth’s routes, the orders and the contact form', async () => {
    const order = await world.product();
    const wrong: string[] = [];
    for (const url of ['/api/auth/sign-in/email', '/api/orders', '/api/contact']) {
      for (const [shape, body] of [
        ['arrays', deepArray],
        ['objects', deepObject],
        [
          'a field',
          `{"email":"${world.customer.email}","password":${nested(DEPTH)},"productId":"${order.id}","quantity":10}`,
        ],
      ] as const) {
        const res = await post(url, body);
        if (res.statusCode !== 400 || JSON.stringify(res.json()) !== JSON.stringify(TOO_DEEP)) {
          wrong.push(`${url} (${shape}): ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect((await world.send('anon', 'GET', '/api/health')).statusCode).toBe(200);
  });

  it('counts brackets inside strings as text, and lets an ordinary body through', async () => {
    const message = `${'[{'.repeat(DEPTH)} is how deep it went`;
    const contact = await post(
      '/api/contact',
      JSON.stringify({
        name: 'Brace Bracket',
        email: 'brace@example.com',
        message: message.slice(0, 4000),
      }),
    );
    expect(contact.statusCode, contact.body).toBe(201);

    // As deep as allowed: the parser takes it (the schema drops the unknown field).
    const atTheCap = await post(
      '/api/contact',
      `{"name":"Deep Enough","email":"deep@example.com","message":"Hello","extra":${nested(MAX_JSON_DEPTH - 1)}}`,
    );
    expect(atTheCap.statusCode, atTheCap.body).toBe(201);
    const overTheCap = await post(
      '/api/contact',
      `{"name":"Too Deep","email":"deep@example.com","message":"Hello","extra":${nested(MAX_JSON_DEPTH)}}`,
    );
    expect(overTheCap.json()).toEqual(TOO_DEEP);

    const signIn = await post(
      '/api/auth/sign-in/email',
      JSON.stringify({ email: world.customer.email, password: world.customer.password }),
    );
    expect(signIn.statusCode, signIn.body).toBe(200);
    const { id } = await world.product();
    const order = await post(
      '/api/orders',
      JSON.stringify({ productId: id, quantity: 10, email: world.customer.email }),
    );
    expect(order.statusCode, order.body).toBe(201);
  });
});
