import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditList, auditQuery, type AuditEntry } from '../../../contract/audit.ts';
import { errorBody } from '../../../contract/common.ts';
import type { Guards } from '../../auth/guards.ts';
import type { Db } from '../../db/client.ts';
import { pageOf } from '../../lib/paging.ts';
import { listAudit } from './repository.ts';

export const auditRoutes: FastifyPluginAsyncZod<{ db: Db; guards: Guards }> = async (
  app,
  { db, guards },
) => {
  app.get(
    '/audit',
    {
      schema: {
        tags: ['audit'],
        summary: 'The audit trail of admin writes, newest first (admins)',
        querystring: auditQuery,
        response: { 200: auditList, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => {
      await guards.requireAdmin(request);
      const { page, limit } = request.query;
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
  );
};
