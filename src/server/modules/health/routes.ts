import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '../../../contract/common.ts';
import { health } from '../../../contract/health.ts';
import type { Database } from '../../db/client.ts';
import { databaseAnswers } from '../../db/unavailable.ts';

// A load balancer polls this; it must answer in time even when the database does not.
const DATABASE_PROBE_TIMEOUT_MS = 2000;

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (
  app,
  { database },
) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability (503 while the database does not answer)',
        response: { 200: health, 503: errorBody },
      },
    },
    async (_request, reply) => {
      if (!(await databaseAnswers(database.db, DATABASE_PROBE_TIMEOUT_MS))) {
        return reply.status(503).header('retry-after', '5').send({
          error: 'unavailable',
          message: 'The database is not answering.',
        });
      }
      return {
        status: 'ok' as const,
        database: database.kind,
        uptimeSeconds: Math.round(process.uptime()),
      };
    },
  );
};
