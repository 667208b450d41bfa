import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { returnRequests } from '../../db/schema.ts';

/** Returns an admin acts on (issue 35's overview): to approve or reject, and to receive. */
export async function returnsToActOn(db: Executor) {
  const [row] = await db
    .select({
      toDecide: sql<number>`count(*) filter (where ${returnRequests.status} = 'requested')::int`,
      toReceive: sql<number>`count(*) filter (where ${returnRequests.status} = 'approved')::int`,
    })
    .from(returnRequests)
    .where(sql`${returnRequests.status} in ('requested', 'approved')`);
  return { toDecide: row?.toDecide ?? 0, toReceive: row?.toReceive ?? 0 };
}
