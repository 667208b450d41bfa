import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { startBackups } from './backup.ts';
import { openControlSocket } from './control-socket.ts';

/**
 * A server on the embedded database backs it up every BACKUP_EVERY_HOURS and whenever
 * `npm run db:backup` asks on DATA_DIR's control socket. `stop` closes the socket and waits for
 * a backup in progress, so the database can close after it.
 */
export async function startServerBackups(
  client: PGlite,
  config: Pick<Config, 'dataDir' | 'backups'>,
  log: FastifyBaseLogger,
) {
  const backups = startBackups({
    client,
    dataDir: config.dataDir,
    everyMs: config.backups.everyMs,
    keep: config.backups.keep,
    log,
  });
  const socket = await openControlSocket({ dataDir: config.dataDir, backup: backups.backup, log });
  return {
    backup: backups.backup,
    stop: async () => {
      await socket.close();
      await backups.stop();
    },
  };
}
