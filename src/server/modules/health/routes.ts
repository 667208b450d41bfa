import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '../../../contract/common.ts';
import { health } from '../../../contract/health.ts';
import type { Database } from '../../db/client.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (
  app,
  { database },
) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability',
        response: { 200: health, 503: errorBody },
      },
    },
    async () => {
      await database.db.execute(sql`select 1`);
      return {
        status: 'ok' as const,
        database: database.kind,
        uptimeSeconds: Math.round(process.uptime()),
      };
    },
  );
};
