import type { Database } from '../../db/client.ts';
import { databaseAnswers } from '../../db/unavailable.ts';
import { AppError } from '../../errors.ts';
import type { Handlers } from '../../http/handler.ts';

// A load balancer polls this; it must answer in time even when the database does not.
const DATABASE_PROBE_TIMEOUT_MS = 2000;

export const healthHandlers = ({
  database,
}: {
  database: Database;
}): Handlers<'health' | 'healthReady'> => ({
  health: async () => {
    await assertDatabaseAnswers(database);
    return {
      status: 'ok' as const,
      database: database.kind,
      uptimeSeconds: Math.round(process.uptime()),
    };
  },
  // While migrations run, main.ts's start-up server answers this path with 503 instead.
  healthReady: async () => {
    await assertDatabaseAnswers(database);
    return { status: 'ready' as const };
  },
});

async function assertDatabaseAnswers(database: Database) {
  if (!(await databaseAnswers(database.db, DATABASE_PROBE_TIMEOUT_MS))) {
    throw new AppError('unavailable', 'The database is not answering.', 5);
  }
}
