// `npm run make-admin -- EMAIL`: makes an account that has signed up an admin, for a shop that
// has none yet (the start-up log says so). It opens the database itself, as the server would.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { makeAdminCommandActor, promoteToAdmin } from '../src/server/auth/admin-promotion.ts';
import { parseConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { dataDirHolder, dataDirMarker } from '../src/server/db/data-dir-lock.ts';
import { makeDataDirPrivate } from '../src/server/lib/private-files.ts';
import { Refusal, runCommand } from './support/command.ts';

async function main(args: string[]) {
  const email = z.email().safeParse(args[0]?.trim().toLowerCase());
  if (args.length !== 1 || !email.success) {
    throw new Refusal(
      'Usage: npm run make-admin -- EMAIL (the email of an account that has signed up)',
    );
  }
  // Same configuration as the server: the environment, filled in from a local .env.
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = parseConfig(process.env);

  if (!config.databaseUrl) {
    const holder = dataDirHolder(config.dataDir);
    if (holder !== undefined) {
      throw new Refusal(
        `The embedded database in ${config.dataDir} is busy: process ${holder} (the shop's server) has it open, ` +
          'and a PGlite directory opens in one process at a time. Stop the server, run this again, then start it; ' +
          `or restart the server with ADMIN_EMAILS=${email.data}. ` +
          `(If no server is running, delete ${dataDirMarker(config.dataDir)}.)`,
      );
    }
    if (!existsSync(join(config.dataDir, 'pglite', 'PG_VERSION'))) {
      throw new Refusal(
        `No database in ${config.dataDir} yet: start the shop (npm start), sign up, stop it, then run this again.`,
      );
    }
    makeDataDirPrivate(config.dataDir);
  }

  const database = openDatabase(config);
  try {
    const result = await promoteToAdmin(database.db, email.data, makeAdminCommandActor);
    if (result === 'no-account') {
      throw new Refusal(
        `No account with the email ${email.data}: sign up on the shop first, then run this again.`,
      );
    }
    console.log(
      result === 'promoted'
        ? `${email.data} is now an admin (reload the shop to see the admin menu).`
        : `${email.data} is already an admin.`,
    );
  } finally {
    await database.close();
  }
}

runCommand(main, 'Failed');
