// `npm run db:backup`: a plain-SQL dump of the embedded database into DATA_DIR/backups. With the
// server running it asks the server (which has the database open) through DATA_DIR's control
// socket; otherwise it opens the database itself.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseConfig } from '../src/server/config.ts';
import { writeBackup } from '../src/server/db/backup.ts';
import { openPglite } from '../src/server/db/client.ts';
import { controlSocketPath, requestBackup } from '../src/server/db/control-socket.ts';
import { dataDirHolder } from '../src/server/db/data-dir-lock.ts';
import { makeDataDirPrivate } from '../src/server/lib/private-files.ts';
import { Refusal, runCommand } from './support/command.ts';

async function main(args: string[]) {
  if (args.length > 0) throw new Refusal('Usage: npm run db:backup (it takes no arguments)');
  // Same configuration as the server: the environment, filled in from a local .env.
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = parseConfig(process.env);

  if (config.databaseUrl) {
    throw new Refusal(
      "The shop runs on PostgreSQL (DATABASE_URL is set): back it up with PostgreSQL's own tools, " +
        'for example  pg_dump --no-owner --file ecparts.sql "$DATABASE_URL"  ' +
        '(npm run db:backup is for the embedded database only).',
    );
  }

  const holder = dataDirHolder(config.dataDir);
  if (holder !== undefined) {
    if (!existsSync(controlSocketPath(config.dataDir))) {
      throw new Refusal(
        `The server (process ${holder}) has the embedded database in ${config.dataDir} open, but its ` +
          `control socket ${controlSocketPath(config.dataDir)} is missing; see the server's log. ` +
          'Its scheduled backups (BACKUP_EVERY_HOURS) still run.',
      );
    }
    const file = await requestBackup(config.dataDir);
    console.log(`Backed up by the running server (process ${holder}) to ${file}`);
    return;
  }

  if (!existsSync(join(config.dataDir, 'pglite', 'PG_VERSION'))) {
    throw new Refusal(`No embedded database in ${config.dataDir}: nothing to back up.`);
  }
  makeDataDirPrivate(config.dataDir);
  const database = openPglite(config.dataDir);
  try {
    if (database.driver.kind !== 'pglite') throw new Error('expected the embedded database');
    const file = await writeBackup(database.driver.client, config.dataDir, config.backups.keep);
    console.log(`Backed up to ${file}`);
  } finally {
    await database.close();
  }
}

runCommand(main, 'Backup failed');
