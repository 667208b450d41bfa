import type { AuditList } from '../../src/contract/audit.ts';
import type { Route } from '../../src/contract/endpoints.ts';
import { signUp, type Account } from './auth.ts';
import { inject } from './inject.ts';
import { makeTestApp } from './test-app.ts';

export const ADMIN_EMAIL = 'boss@example.com';

/**
 * A fresh shop whose admin (Bo Boss) and one customer have signed up: what the tests of an
 * admin's catalogue and delivery screens start from. `env` adds to the admin's setting.
 */
export async function adminShop(env: Record<string, string> = {}) {
  const ctx = await makeTestApp({ ADMIN_EMAILS: ADMIN_EMAIL, ...env });
  const admin: Account = await signUp(ctx.app, { email: ADMIN_EMAIL, name: 'Bo Boss' });
  const customer: Account = await signUp(ctx.app, { name: 'Casey Customer' });
  /** The audit log's newest entry, as the admin reads it. */
  const latestAudit = async () =>
    (await inject(ctx.app, 'GET /api/audit', { as: admin })).json<AuditList>().data[0];
  /** The admin deletes one thing by its id, as the Delete on its screen does. */
  const adminDelete = (route: Extract<Route, `DELETE ${string}/:id`>, id: string) =>
    inject(ctx.app, route, { as: admin, params: { id } });
  return { ctx, admin, customer, latestAudit, adminDelete };
}

export type AdminShop = Awaited<ReturnType<typeof adminShop>>;
