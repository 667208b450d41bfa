import { count, desc } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';

export async function listAudit(
  db: Executor,
  { limit, offset }: { limit: number; offset: number },
) {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(auditLog),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}
