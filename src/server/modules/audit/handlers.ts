import type { AuditEntry } from '../../../contract/audit.ts';
import type { Db } from '../../db/client.ts';
import type { Handlers } from '../../http/handler.ts';
import { pageOf } from '../../lib/paging.ts';
import { listAudit } from './repository.ts';

export const auditHandlers = ({ db }: { db: Db }): Handlers<'auditTrail'> => ({
  auditTrail: async ({ query: { page, limit } }) => {
    const { rows, total } = await listAudit(db, { limit, offset: (page - 1) * limit });
    const data = rows.map((row): AuditEntry => ({
      _id: row.id,
      actorEmail: row.actorEmail,
      action: row.action,
      targetType: row.targetType as AuditEntry['targetType'],
      targetId: row.targetId,
      summary: row.summary,
      at: row.createdAt.toISOString(),
    }));
    return pageOf(data, total, page, limit);
  },
});
