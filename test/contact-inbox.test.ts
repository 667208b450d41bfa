import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ContactMessage, ContactMessageList } from '../src/contract/contact.ts';
import { ConfigError, parseConfig } from '../src/server/config.ts';
import { users } from '../src/server/db/schema.ts';
import { ORIGIN, outboxFor, signUp, type Account } from './support/auth.ts';
import { makeTestApp } from './support/test-app.ts';

// The Contact Us inbox (issue 20, item 6): admins read the messages, mark them done or open
// again, see how many are open, and hear of each new one by mail.

type Ctx = Awaited<ReturnType<typeof makeTestApp>>;

const SHOP = 'orders@ecparts.example';

let nextIp = 0;
/** Each message from an address of its own: the form allows five per address. */
const contact = (app: Ctx['app'], payload: { name: string; email: string; message: string }) =>
  app.inject({
    method: 'POST',
    url: '/api/contact',
    payload,
    remoteAddress: `198.51.100.${++nextIp}`,
  });

const as = (app: Ctx['app'], who: Account | null) => ({
  get: (url: string) =>
    app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} }),
  patch: (url: string, payload: object) =>
    app.inject({
      method: 'PATCH',
      url,
      payload,
      headers: { origin: ORIGIN, ...(who ? { cookie: who.cookie } : {}) },
    }),
});

type OutboxMail = ReturnType<typeof outboxFor>[number] & {
  replyTo?: { address: string; name: string }[];
};
const contactMails = (ctx: Ctx, to: string) =>
  outboxFor(ctx.config.dataDir, to).filter((m) =>
    m.subject.startsWith('Contact Us:'),
  ) as OutboxMail[];

describe('the inbox', () => {
  let ctx: Ctx;
  let admin: Account;
  let customer: Account;
  const sent: string[] = [];

  beforeAll(async () => {
    ctx = await makeTestApp({ ADMIN_EMAILS: 'inbox-admin@example.com', SHOP_EMAIL: SHOP });
    admin = await signUp(ctx.app, { name: 'Ada Admin', email: 'inbox-admin@example.com' });
    customer = await signUp(ctx.app, { name: 'Cy Customer' });
    for (const [name, message] of [
      ['Lea', 'Do you ship to Spain?'],
      ['Mo', 'Net-30 terms for our shop?'],
      ['Ned', 'Is the chain whip in stock?'],
    ] as const) {
      const res = await contact(ctx.app, {
        name,
        email: `${name.toLowerCase()}@shop.test`,
        message,
      });
      expect(res.statusCode).toBe(201);
      sent.push(res.json<{ _id: string }>()._id);
    }
  });
  afterAll(() => ctx.app.close());

  const list = async (query = '') => {
    const res = await as(ctx.app, admin).get(`/api/contact-messages${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ContactMessageList>();
  };
  const mark = (id: string, status: string) =>
    as(ctx.app, admin).patch(`/api/contact-messages/${id}`, { status });

  it('lists every message newest first, with who sent it, when and the whole text', async () => {
    const inbox = await list();
    expect(inbox).toMatchObject({ total: 3, open: 3, page: 1, totalPages: 1 });
    expect(inbox.data.map((m) => m.name)).toEqual(['Ned', 'Mo', 'Lea']);
    expect(inbox.data[1]).toEqual({
      _id: sent[1],
      name: 'Mo',
      email: 'mo@shop.test',
      message: 'Net-30 terms for our shop?',
      at: expect.any(String),
      status: 'open',
    });
    const paged = await list('?limit=2&page=2');
    expect(paged).toMatchObject({ total: 3, totalPages: 2, open: 3 });
    expect(paged.data.map((m) => m.name)).toEqual(['Lea']);
  });

  it('marks a message done and open again; the open count follows, whatever the filter', async () => {
    const done = await mark(sent[1]!, 'done');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<ContactMessage>()).toMatchObject({ _id: sent[1], status: 'done' });

    expect(await list()).toMatchObject({ total: 3, open: 2 });
    const onlyDone = await list('?status=done');
    expect(onlyDone).toMatchObject({ total: 1, open: 2 });
    expect(onlyDone.data.map((m) => m.name)).toEqual(['Mo']);
    expect((await list('?status=open')).data.map((m) => m.name)).toEqual(['Ned', 'Lea']);

    // Marking it done twice changes nothing more.
    expect((await mark(sent[1]!, 'done')).statusCode).toBe(200);
    expect((await list()).open).toBe(2);

    const reopened = await mark(sent[1]!, 'open');
    expect(reopened.json<ContactMessage>().status).toBe('open');
    expect(await list('?status=done')).toMatchObject({ total: 0, open: 3, data: [] });
  });

  it('answers 404 for a message that does not exist', async () => {
    for (const id of [randomUUID(), 'not-a-message']) {
      const res = await mark(id, 'done');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'not_found', message: 'Message not found' });
    }
  });

  it('refuses an unknown status', async () => {
    expect((await mark(sent[0]!, 'archived')).statusCode).toBe(400);
    const filter = await as(ctx.app, admin).get('/api/contact-messages?status=archived');
    expect(filter.statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    for (const who of [null, customer]) {
      const expected = who ? 403 : 401;
      expect((await as(ctx.app, who).get('/api/contact-messages')).statusCode).toBe(expected);
      const patch = await as(ctx.app, who).patch(`/api/contact-messages/${sent[0]}`, {
        status: 'done',
      });
      expect(patch.statusCode).toBe(expected);
    }
    expect((await list()).open).toBe(3);
  });

  it('mails each new message to SHOP_EMAIL, answerable by replying, and to no admin', async () => {
    await vi.waitFor(() => expect(contactMails(ctx, SHOP)).toHaveLength(3));
    const mail = contactMails(ctx, SHOP).find((m) => m.subject.includes('Mo'))!;
    expect(mail.subject).toBe('Contact Us: a message from Mo');
    expect(mail.replyTo?.map((r) => r.address)).toEqual(['mo@shop.test']);
    expect(mail.text).toContain('Mo <mo@shop.test> wrote through the Contact Us form:');
    expect(mail.text).toContain('Net-30 terms for our shop?');
    expect(mail.text).toContain(`${ORIGIN}/dashboard/messages`);
    expect(contactMails(ctx, admin.email)).toEqual([]);
  });
});

describe('without SHOP_EMAIL', () => {
  let ctx: Ctx;

  beforeAll(async () => {
    ctx = await makeTestApp({ ADMIN_EMAILS: 'ann@example.com,ben@example.com,bo@example.com' });
    for (const [name, email] of [
      ['Ann Admin', 'ann@example.com'],
      ['Ben Admin', 'ben@example.com'],
      ['Bo Banned', 'bo@example.com'],
    ]) {
      await signUp(ctx.app, { name, email });
    }
    await signUp(ctx.app, { name: 'Cy Customer', email: 'cy@example.com' });
    await ctx.db.update(users).set({ banned: true }).where(eq(users.email, 'bo@example.com'));
  });
  afterAll(() => ctx.app.close());

  it('mails each admin who can sign in, and nobody else', async () => {
    const res = await contact(ctx.app, {
      name: 'Tia Trade',
      email: 'tia@bikes.test',
      message: 'We would like net-30 terms.\nWe order 200 chains a month.',
    });
    expect(res.statusCode).toBe(201);
    await vi.waitFor(() => {
      expect(contactMails(ctx, 'ann@example.com')).toHaveLength(1);
      expect(contactMails(ctx, 'ben@example.com')).toHaveLength(1);
    });
    const [toAnn] = contactMails(ctx, 'ann@example.com');
    // The greeting is a line of its own, under the shop's name and the heading.
    expect(toAnn?.text).toMatch(/^Hello Ann Admin,$/m);
    expect(toAnn?.text).toContain('We order 200 chains a month.');
    expect(toAnn?.replyTo?.map((r) => r.address)).toEqual(['tia@bikes.test']);
    expect(contactMails(ctx, 'bo@example.com')).toEqual([]);
    expect(contactMails(ctx, 'cy@example.com')).toEqual([]);
  });
});

describe('SHOP_EMAIL', () => {
  it('stops the server at start when it is not an email address', () => {
    expect(() => parseConfig({ SHOP_EMAIL: 'orders at ecparts' })).toThrow(ConfigError);
    expect(() => parseConfig({ SHOP_EMAIL: 'orders at ecparts' })).toThrow(/SHOP_EMAIL/);
    expect(parseConfig({ SHOP_EMAIL: SHOP }).shopEmail).toBe(SHOP);
    expect(parseConfig({}).shopEmail).toBeUndefined();
  });
});
