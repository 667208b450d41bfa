import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../src/server/db/schema.ts';
import { makeTestApp } from './support/test-app.ts';

let ctx: Awaited<ReturnType<typeof makeTestApp>>;

beforeAll(async () => {
  ctx = await makeTestApp();
});
afterAll(() => ctx.app.close());

const send = (payload: unknown, ip = '10.0.0.1') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/contact',
    payload: payload as object,
    remoteAddress: ip,
  });

describe('POST /api/contact', () => {
  it('stores a valid message and thanks the sender', async () => {
    const res = await send(
      { name: '  Lea  ', email: 'lea@shop.test', message: 'Do you ship to Spain?' },
      '10.0.0.2',
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      _id: expect.any(String),
      message: expect.stringMatching(/thank you/i),
    });
    const rows = await ctx.db.select().from(contactMessages);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: 'Lea',
      email: 'lea@shop.test',
      message: 'Do you ship to Spain?',
    });
  });

  it.each([
    [{ email: 'a@b.test', message: 'hi' }, 'name'],
    [{ name: 'A', email: 'not-an-email', message: 'hi' }, 'email'],
    [{ name: 'A', email: 'a@b.test', message: '   ' }, 'message'],
    [{ name: 'A', email: 'a@b.test', message: 'x'.repeat(5001) }, 'message'],
  ])('refuses %j with a 400 naming %s', async (payload, field) => {
    const res = await send(payload, '10.0.0.3');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'bad_request', message: expect.stringContaining(field) });
  });

  it('refuses a body that is not JSON', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('bad_request');
  });

  it('refuses an oversized body with 413', async () => {
    const res = await send(
      { name: 'A', email: 'a@b.test', message: 'x'.repeat(70_000) },
      '10.0.0.4',
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe('payload_too_large');
  });

  it('rate limits one sender after five messages', async () => {
    const ok = { name: 'Spam', email: 'spam@b.test', message: 'hello' };
    for (let i = 0; i < 5; i++) expect((await send(ok, '10.0.0.9')).statusCode).toBe(201);
    const res = await send(ok, '10.0.0.9');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      error: 'rate_limited',
      message: expect.stringMatching(/try again/i),
    });
    expect((await send(ok, '10.0.0.10')).statusCode).toBe(201);
  });
});

describe('a shop that takes more messages from one address (CONTACT_RATE_LIMIT)', () => {
  it('takes as many as it allows, then refuses the next', async () => {
    const shop = await makeTestApp({ CONTACT_RATE_LIMIT: '7' });
    const ok = { name: 'Workshop', email: 'bench@b.test', message: 'hello' };
    const post = () =>
      shop.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: ok,
        remoteAddress: '10.0.1.1',
      });
    try {
      for (let i = 0; i < 7; i++) expect((await post()).statusCode).toBe(201);
      expect((await post()).statusCode).toBe(429);
    } finally {
      await shop.app.close();
    }
  });
});
