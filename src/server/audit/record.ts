import type { AuditEntry } from '../../contract/audit.ts';
import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';

export type AuditActor = { id: string; email: string };
export type AuditTarget = AuditEntry['targetType'];

/**
 * Writes one line of the audit trail. Call it with the transaction of the change itself so
 * the change and its record stand or fall together.
 */
export async function recordAudit(
  db: Pick<Db, 'insert'>,
  actor: AuditActor,
  entry: { action: string; targetType: AuditTarget; targetId: string; summary: string },
) {
  await db.insert(auditLog).values({ actorId: actor.id, actorEmail: actor.email, ...entry });
}
