import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { buildApp } from '../src/server/app.ts';
import { openPglite, openPostgres, type Database } from '../src/server/db/client.ts';
import { stockAlerts } from '../src/server/db/schema.ts';
import { signUp } from './support/auth.ts';
import { insertProduct } from './support/fixtures.ts';
import { inject } from './support/inject.ts';
import { outboxFor } from './support/outbox.ts';
import { freshDatabase, testAppConfigs, testConfig, testDatabaseKind } from './support/test-app.ts';

// A back-in-stock mail is not lost to a server that stops between the receipt's commit and
// handing the mail to the job queue: the fired alert is the outbox, and the next server's sweep
// sends it (docs/decisions/0036).

const ADMIN = 'stock-boss@example.com';
const dataDir = mkdtempSync(join(tmpdir(), 'ecparts-alert-restart-'));
let cleanUp = async () => {};

/** The same database, opened again for each server (a directory, or one PostgreSQL database). */
async function opener(): Promise<() => Database> {
  if (testDatabaseKind === 'pglite') return () => openPglite(join(dataDir, 'db'));
  const base = await freshDatabase({ migrated: true });
  cleanUp = () => base.close();
  return () => openPostgres(base.url!);
}
afterAll(() => cleanUp());

async function server(open: () => Database, env: Record<string, string>) {
  const config = testConfig({ DATA_DIR: dataDir, ADMIN_EMAILS: ADMIN, ...env });
  const database = open();
  const app = await buildApp(config, { database });
  testAppConfigs.set(app, config);
  return { app, db: database.db };
}

it('mails an alert fired on a server that stopped before handing it over', async () => {
  const open = await opener();
  // The first server's sweep runs at start, then not for a minute: it stops before.
  const { app: first, db } = await server(open, { STOCK_ALERT_SWEEP_MS: '60000' });
  const admin = await signUp(first, { email: ADMIN, name: 'Stella Stock' });
  const buyer = await signUp(first, { name: 'Rhea Restart' });
  const part = await insertProduct(db, { name: 'Spoke Tension Meter', stock: 0 });
  expect(
    (
      await inject(first, 'POST /api/tools/:id/stock-alerts', {
        params: { id: part.id },
        as: buyer,
      })
    ).statusCode,
  ).toBe(201);
  const received = await inject(first, 'POST /api/tools/:id/stock-movements', {
    params: { id: part.id },
    payload: { delta: 12, reason: 'received' },
    as: admin,
  });
  expect(received.statusCode, received.body).toBe(201);
  const [fired] = await db.select().from(stockAlerts).where(eq(stockAlerts.productId, part.id));
  expect(fired?.firedAt).not.toBeNull();
  expect(fired?.queuedAt).toBeNull();
  await first.close();

  const { app: second } = await server(open, { STOCK_ALERT_SWEEP_MS: '100' });
  try {
    const subject = 'Back in stock: Spoke Tension Meter';
    await expect
      .poll(() => outboxFor(dataDir, buyer.email).filter((m) => m.subject === subject).length, {
        timeout: 15_000,
      })
      .toBe(1);
  } finally {
    await second.close();
  }
});
