import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import type { Auth } from './auth.ts';

/**
 * Known passwords, printed at start and in the README: created only for a development start
 * (`npm run dev`, NODE_ENV development) with SEED_DEMO on, never under test or production.
 */
export const demoAccounts = [
  { role: 'admin', name: 'Avery Admin', email: 'admin@ecparts.test', password: 'admin-demo-2026' },
  {
    role: 'user',
    name: 'Casey Customer',
    email: 'customer@ecparts.test',
    password: 'customer-demo-2026',
  },
  // The demo company's owner and buyer (src/server/db/seed-companies.ts).
  {
    role: 'user',
    name: 'Olivia Owner',
    email: 'owner@velo-werkstatt.test',
    password: 'owner-demo-2026',
  },
  {
    role: 'user',
    name: 'Bram Buyer',
    email: 'buyer@velo-werkstatt.test',
    password: 'buyer-demo-2026',
  },
] as const;

/** The demo company's owner and buyer (their emails are in src/server/db/seed-companies.ts). */
const companyAccounts = demoAccounts.filter((a) => a.email.endsWith('@velo-werkstatt.test'));

/**
 * Creates the demo accounts that are missing (verified, with their role); keeps the rest. With
 * `passwords: 'unknown'` (a production start with the demo data) only the demo company's two
 * members are made, each with a random password nobody is told: their seat in the demo is
 * taken through "Forgot password", whose link reaches the outbox, so the mailbox is the proof.
 */
export async function seedDemoAccounts(
  auth: Auth,
  db: Db,
  passwords: 'known' | 'unknown' = 'known',
) {
  const accounts = passwords === 'known' ? demoAccounts : companyAccounts;
  for (const account of accounts) {
    const [existing] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, account.email))
      .limit(1);
    if (existing) continue;
    // Straight through Better Auth's adapter: a sign-up would mail a verification link.
    const context = await auth.$context;
    const user = await context.internalAdapter.createUser(
      {
        name: account.name,
        email: account.email,
        emailVerified: true,
      },
      { method: 'admin' },
    );
    const password =
      passwords === 'known' ? account.password : randomBytes(24).toString('base64url');
    await context.internalAdapter.linkAccount({
      userId: user.id,
      providerId: 'credential',
      accountId: user.id,
      password: await context.password.hash(password),
    });
    await db.update(users).set({ role: account.role }).where(eq(users.id, user.id));
  }
}
