import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productPath } from '../src/contract/product-path.ts';
import { resolveAuthSecret } from '../src/server/auth/secret.ts';
import { stockAlerts, users } from '../src/server/db/schema.ts';
import { unsubscribeToken } from '../src/server/modules/stock-alerts/token.ts';
import { signUp, type Account } from './support/auth.ts';
import { insertProduct } from './support/fixtures.ts';
import { postForm } from './support/page-forms.ts';
import { makeTestApp, testDatabaseKind } from './support/test-app.ts';

// Notify me, Cancel alert and the unsubscribe button posted before the script took over: the
// pages' route actions answer them on the server (docs/decisions/0018, 0036).

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let buyer: Account;
let buyerId: string;
let part: { id: string; name: string };

const TEMPLATE = `<!doctype html><html lang="en"><head><!--page-head--><title>ECParts</title><!--/page-head--></head>
<body><div id="root"></div></body></html>`;

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'ecparts-alert-forms-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), TEMPLATE);
  ctx = await makeTestApp({ WEB_DIST_DIR: dist });
  part = await insertProduct(ctx.db, { name: 'Freewheel Remover', stock: 0 });
  buyer = await signUp(ctx.app, { name: 'Fay Formless' });
  const [row] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, buyer.email));
  buyerId = row!.id;
  if (testDatabaseKind === 'postgres') await new Promise((resolve) => setTimeout(resolve, 300));
});
afterAll(() => ctx.app.close());

const page = () => productPath({ _id: part.id, name: part.name });
const waiting = () => ctx.db.select().from(stockAlerts).where(eq(stockAlerts.productId, part.id));

describe('Notify me posted without script', () => {
  it('sends a visitor to sign in first, and sets nothing', async () => {
    const res = await postForm(ctx.app, page(), { intent: 'stock-alert', productId: part.id });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toMatch(/^\/login\?next=/);
    expect(await waiting()).toHaveLength(0);
  });

  it("sets a buyer's alert from a card and goes back to the listing it came from", async () => {
    const res = await postForm(
      ctx.app,
      page(),
      { intent: 'stock-alert', productId: part.id, back: '/shop?q=freewheel' },
      { cookie: buyer.cookie },
    );
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe('/shop?q=freewheel');
    expect(await waiting()).toHaveLength(1);
  });

  it('goes back to the part’s page, never to another site', async () => {
    const res = await postForm(
      ctx.app,
      page(),
      { intent: 'stock-alert', productId: part.id, back: '//evil.example/x' },
      { cookie: buyer.cookie },
    );
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(page());
    expect(await waiting()).toHaveLength(1);
  });

  it('cancels the alert with Cancel alert', async () => {
    const res = await postForm(
      ctx.app,
      page(),
      { intent: 'stock-alert-end', productId: part.id },
      { cookie: buyer.cookie },
    );
    expect(res.statusCode).toBe(303);
    expect(await waiting()).toHaveLength(0);
  });
});

describe('the unsubscribe page posted without script', () => {
  it('ends the alerts signed out and says so; its GET changes nothing', async () => {
    await postForm(
      ctx.app,
      page(),
      { intent: 'stock-alert', productId: part.id },
      { cookie: buyer.cookie },
    );
    const token = unsubscribeToken(resolveAuthSecret(ctx.config).secret, buyerId);
    const url = `/stock-alerts/unsubscribe?token=${encodeURIComponent(token)}`;
    const shown = await ctx.app.inject({ url });
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('Stop back-in-stock mails');
    expect(await waiting()).toHaveLength(1);
    const res = await postForm(ctx.app, url, { token });
    expect(res.statusCode, res.body).toBe(303);
    expect(res.headers.location).toBe('/stock-alerts/unsubscribe?done=1');
    expect(await waiting()).toHaveLength(0);
  });
});
