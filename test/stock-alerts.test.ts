import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_STOCK_ALERTS, type StockAlertList } from '../src/contract/stock-alerts.ts';
import { resolveAuthSecret } from '../src/server/auth/secret.ts';
import { stockAlerts, users } from '../src/server/db/schema.ts';
import { unsubscribeToken } from '../src/server/modules/stock-alerts/token.ts';
import { adminShop, type AdminShop } from './support/admin-shop.ts';
import { signUp, type Account } from './support/auth.ts';
import { insertProduct } from './support/fixtures.ts';
import { inject, type Sender } from './support/inject.ts';

// Back-in-stock alerts (issue 34): a buyer waits for an out-of-stock part; a `received`
// movement from none to some mails each one waiting, once, through the job queue.

type OutboxMail = {
  to: { address: string }[];
  subject: string;
  text: string;
  headers?: Record<string, string>;
};

let shop: AdminShop;
let admin: Account;
let ana: Account;
let ben: Account;

beforeAll(async () => {
  shop = await adminShop({ STOCK_ALERT_SWEEP_MS: '100', JOB_RETRY_DELAY_SECONDS: '1' });
  ({ admin } = shop);
  ana = await signUp(shop.ctx.app, { name: 'Ana Spoke' });
  ben = await signUp(shop.ctx.app, { name: 'Ben Brake' });
});
afterAll(() => shop.ctx.app.close());

const app = () => shop.ctx.app;
const soldOut = (name = 'Torque Wrench 5 Nm') => insertProduct(shop.ctx.db, { name, stock: 0 });

const subscribe = (as: Sender | undefined, id: string) =>
  inject(app(), 'POST /api/tools/:id/stock-alerts', { params: { id }, as });
const end = (as: Sender, id: string) =>
  inject(app(), 'DELETE /api/tools/:id/stock-alerts', { params: { id }, as });
async function alertsOf(as: Sender) {
  const res = await inject(app(), 'GET /api/me/stock-alerts', { as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<StockAlertList>().data;
}
async function move(id: string, delta: number, reason: string) {
  const res = await inject(app(), 'POST /api/tools/:id/stock-movements', {
    params: { id },
    payload: { delta, reason },
    as: admin,
  });
  expect(res.statusCode, res.body).toBe(201);
}

/** The back-in-stock mails the outbox holds for this address (the JSON nodemailer wrote). */
function alertMails(email: string) {
  const dir = join(shop.ctx.config.dataDir, 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return files
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as OutboxMail)
    .filter((m) => m.to.some((to) => to.address === email))
    .filter((m) => m.subject.startsWith('Back in stock'));
}

/** The one-click address a mail's List-Unsubscribe header names, without its brackets. */
const listUnsubscribe = (mail: OutboxMail) =>
  (mail.headers?.['list-unsubscribe'] ?? mail.headers?.['List-Unsubscribe'] ?? '').slice(1, -1);

/** Waits until no alert of the part is left to mail (each fired one mailed and deleted). */
async function mailsSettled(productId: string) {
  for (let i = 0; i < 200; i += 1) {
    const rows = await shop.ctx.db
      .select({ firedAt: stockAlerts.firedAt })
      .from(stockAlerts)
      .where(eq(stockAlerts.productId, productId));
    if (rows.every((r) => r.firedAt === null)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('fired alerts were not mailed in 10 s');
}

const waitingRows = (productId: string) =>
  shop.ctx.db.select().from(stockAlerts).where(eq(stockAlerts.productId, productId));

describe('asking for an alert', () => {
  it('needs a signed-in account', async () => {
    const part = await soldOut();
    expect((await subscribe(undefined, part.id)).statusCode).toBe(401);
  });

  it('answers 201 with the part, and asking twice is still one alert', async () => {
    const part = await soldOut('Spoke Key 3.3');
    const first = await subscribe(ana, part.id);
    expect(first.statusCode, first.body).toBe(201);
    const again = await subscribe(ana, part.id);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()._id).toBe(first.json()._id);
    expect(await waitingRows(part.id)).toHaveLength(1);
    const listed = (await alertsOf(ana)).filter((a) => a.productId === part.id);
    expect(listed).toEqual([
      expect.objectContaining({
        _id: first.json()._id,
        name: 'Spoke Key 3.3',
        sku: part.sku,
        path: `/products/${part.id}/spoke-key-3-3`,
        stock: 0,
        availability: 'out_of_stock',
      }),
    ]);
  });

  it('lists only the caller’s own alerts', async () => {
    const part = await soldOut();
    await subscribe(ana, part.id);
    expect((await alertsOf(ben)).map((a) => a.productId)).not.toContain(part.id);
  });

  it('is refused with 409 for a part in stock, and 404 for no part', async () => {
    const part = await insertProduct(shop.ctx.db, { stock: 50 });
    const res = await subscribe(ana, part.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/in stock/);
    expect((await subscribe(ana, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await subscribe(ana, 'not-an-id')).statusCode).toBe(404);
  });

  it(`is refused with 409 past ${MAX_STOCK_ALERTS} waiting alerts`, async () => {
    const hoarder = await signUp(app(), { name: 'Hal Hoarder' });
    const [row] = await shop.ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, hoarder.email));
    const parts = [];
    for (let i = 0; i < MAX_STOCK_ALERTS; i += 1) parts.push(await soldOut(`Cap part ${i}`));
    await shop.ctx.db
      .insert(stockAlerts)
      .values(parts.slice(1).map((p) => ({ userId: row!.id, productId: p.id })));
    expect((await subscribe(hoarder, parts[0]!.id)).statusCode).toBe(201);
    const extra = await soldOut('One too many');
    const res = await subscribe(hoarder, extra.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/remove an alert/);
    // Asking again for one it has is still the same alert, not a refusal.
    expect((await subscribe(hoarder, parts[0]!.id)).statusCode).toBe(201);
  });
});

describe('ending an alert', () => {
  it('answers 204 and the alert is gone; ending none is 204 too', async () => {
    const part = await soldOut();
    await subscribe(ana, part.id);
    const res = await end(ana, part.id);
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    expect((await alertsOf(ana)).map((a) => a.productId)).not.toContain(part.id);
    expect((await end(ana, part.id)).statusCode).toBe(204);
  });

  it('ends only the caller’s own', async () => {
    const part = await soldOut();
    await subscribe(ana, part.id);
    expect((await end(ben, part.id)).statusCode).toBe(204);
    expect((await alertsOf(ana)).map((a) => a.productId)).toContain(part.id);
  });
});

describe('a part received from none', () => {
  it('mails each subscriber once, with the part’s link and a one-click unsubscribe', async () => {
    const part = await soldOut('Cassette Lockring Tool');
    await subscribe(ana, part.id);
    await subscribe(ben, part.id);
    await move(part.id, 40, 'received');
    await mailsSettled(part.id);
    for (const who of [ana, ben]) {
      const mails = alertMails(who.email).filter((m) => m.subject.includes(part.name));
      expect(mails).toHaveLength(1);
      const mail = mails[0]!;
      expect(mail.subject).toBe('Back in stock: Cassette Lockring Tool');
      expect(mail.text).toContain(`/products/${part.id}/cassette-lockring-tool`);
      expect(mail.text).toMatch(/\/stock-alerts\/unsubscribe\?token=/);
      expect(listUnsubscribe(mail)).toMatch(/\/api\/stock-alerts\/unsubscribe\?token=/);
      expect((await alertsOf(who)).map((a) => a.productId)).not.toContain(part.id);
    }
    // Fired once: the alerts are done.
    expect(await waitingRows(part.id)).toHaveLength(0);
  });

  it('does not mail again on a second receipt, nor after selling out and coming back', async () => {
    const part = await soldOut('Bottom Bracket Tool');
    await subscribe(ana, part.id);
    await move(part.id, 20, 'received');
    await mailsSettled(part.id);
    await move(part.id, 20, 'received');
    await move(part.id, -40, 'damaged');
    await move(part.id, 10, 'received');
    await mailsSettled(part.id);
    await new Promise((r) => setTimeout(r, 700));
    expect(alertMails(ana.email).filter((m) => m.subject.includes(part.name))).toHaveLength(1);
  });

  it('mails again only when the buyer asks again', async () => {
    const part = await soldOut('Pedal Wrench 15 mm');
    await subscribe(ana, part.id);
    await move(part.id, 5, 'received');
    await mailsSettled(part.id);
    await move(part.id, -5, 'damaged');
    expect((await subscribe(ana, part.id)).statusCode).toBe(201);
    await move(part.id, 5, 'received');
    await mailsSettled(part.id);
    expect(alertMails(ana.email).filter((m) => m.subject.includes(part.name))).toHaveLength(2);
  });

  it('is not a count, a correction or a return: they fire nothing', async () => {
    for (const reason of ['counted', 'correction', 'returned']) {
      const part = await soldOut(`Chain Tool ${reason}`);
      await subscribe(ana, part.id);
      await move(part.id, 30, reason);
      const rows = await waitingRows(part.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.firedAt).toBeNull();
      expect((await alertsOf(ana)).map((a) => a.productId)).toContain(part.id);
    }
  });

  it('fires nothing for a receipt of a part that had some already', async () => {
    const part = await soldOut('Hub Cone Spanner');
    await subscribe(ana, part.id);
    await move(part.id, 3, 'counted');
    await move(part.id, 30, 'received');
    expect((await waitingRows(part.id))[0]!.firedAt).toBeNull();
  });
});

describe('the unsubscribe link', () => {
  const secret = () => resolveAuthSecret(shop.ctx.config).secret;
  const unsubscribe = (token: string) =>
    inject(app(), 'POST /api/stock-alerts/unsubscribe', { query: { token } });

  it('works signed out, from the mail, and ends every alert its account waits for', async () => {
    const part = await soldOut('Crank Puller');
    const other = await soldOut('Cone Wrench 17');
    const cara = await signUp(app(), { name: 'Cara Cog' });
    await subscribe(cara, part.id);
    await subscribe(cara, other.id);
    await move(part.id, 8, 'received');
    await mailsSettled(part.id);
    const [mail] = alertMails(cara.email);
    const link = /https?:\/\/\S*\/stock-alerts\/unsubscribe\?token=(\S+)/.exec(mail!.text);
    const token = decodeURIComponent(link![1]!);
    const res = await unsubscribe(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ended: 1 });
    expect(await alertsOf(cara)).toEqual([]);
    // The one-click address in the header works the same (as a mail client posts it).
    const oneClick = new URL(listUnsubscribe(mail!));
    const res2 = await app().inject({
      method: 'POST',
      url: `${oneClick.pathname}${oneClick.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res2.statusCode, res2.body).toBe(200);
  });

  it('cannot be forged for another account, or cut short', async () => {
    const part = await soldOut();
    await subscribe(ben, part.id);
    const [row] = await shop.ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, ben.email));
    const real = unsubscribeToken(secret(), row!.id);
    const [, mac] = real.split('.');
    const otherAccount = `${Buffer.from('someone-else').toString('base64url')}.${mac}`;
    const wrongSecret = unsubscribeToken('not-the-shop-secret-at-all-0123456789', row!.id);
    for (const token of [otherAccount, wrongSecret, real.slice(0, -3), 'nonsense']) {
      const res = await unsubscribe(token);
      expect(res.statusCode, token).toBe(400);
    }
    expect((await alertsOf(ben)).map((a) => a.productId)).toContain(part.id);
    expect((await unsubscribe(real)).statusCode).toBe(200);
    expect((await alertsOf(ben)).map((a) => a.productId)).not.toContain(part.id);
  });
});
