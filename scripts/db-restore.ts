// `npm run db:restore -- FILE [--force]` loads a dump made by `npm run db:backup` (or pg_dump)
// into a new embedded database in DATA_DIR; `--to postgres://…` loads it into an empty
// PostgreSQL database instead (moving the shop to PostgreSQL).
import { existsSync, readFileSync } from 'node:fs';
import { parseConfig } from '../src/server/config.ts';
import { dataDirHolder } from '../src/server/db/data-dir-lock.ts';
import {
  restoreToPglite,
  restoreToPostgres,
  RestoreRefusal,
  type TableRows,
} from '../src/server/db/restore.ts';
import { Refusal, runCommand } from './support/command.ts';

const USAGE =
  'Usage: npm run db:restore -- FILE [--force]   (into the embedded database in DATA_DIR)\n' +
  '       npm run db:restore -- FILE --to postgres://USER:PASSWORD@HOST:PORT/DATABASE';

function parseArgs(args: string[]) {
  let file: string | undefined;
  let force = false;
  let to: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--force') force = true;
    else if (arg === '--to') to = args[++i];
    else if (arg?.startsWith('--to=')) to = arg.slice('--to='.length);
    else if (arg && !arg.startsWith('--') && file === undefined) file = arg;
    else throw new Refusal(USAGE);
  }
  if (!file) throw new Refusal(USAGE);
  if (to !== undefined && !/^postgres(ql)?:\/\//.test(to)) {
    throw new Refusal(`--to takes a PostgreSQL URL (postgres://…).\n${USAGE}`);
  }
  if (to !== undefined && force) {
    throw new Refusal('--force is for the embedded database; a PostgreSQL target must be empty.');
  }
  return { file, force, to };
}

function readDump(file: string) {
  if (!existsSync(file)) throw new Refusal(`No such file: ${file}`);
  const sql = readFileSync(file, 'utf8');
  if (!sql.includes('-- PostgreSQL database dump')) {
    throw new Refusal(
      `${file} is not a plain-SQL dump (npm run db:backup or pg_dump writes those).`,
    );
  }
  return sql;
}

function summary(tables: TableRows[]) {
  const width = Math.max(...tables.map((t) => t.table.length));
  return tables.map((t) => `  ${t.table.padEnd(width)}  ${t.rows} rows`).join('\n');
}

async function main(args: string[]) {
  const { file, force, to } = parseArgs(args);
  const sql = readDump(file);

  if (to) {
    const { tables } = await restoreToPostgres(sql, to);
    console.log(
      `Restored ${file} into PostgreSQL (${new URL(to).pathname.slice(1)}): ${tables.length} tables\n` +
        `${summary(tables)}\nStart the shop on it with DATABASE_URL set to that URL (and the same ` +
        'BETTER_AUTH_SECRET, or DATA_DIR/auth-secret, so signed-in sessions stay valid).',
    );
    return;
  }

  // Same configuration as the server: the environment, filled in from a local .env.
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = parseConfig(process.env);
  const holder = dataDirHolder(config.dataDir);
  if (holder !== undefined) {
    throw new Refusal(
      `The server (process ${holder}) is running on ${config.dataDir}: stop it, restore, then start it again.`,
    );
  }
  const { target, tables, movedAside } = await restoreToPglite(sql, config.dataDir, { force });
  console.log(
    `Restored ${file} into the embedded database ${target}: ${tables.length} tables\n${summary(tables)}` +
      (movedAside ? `\nThe database that was there is kept in ${movedAside}.` : ''),
  );
}

runCommand(main, 'Restore failed', [RestoreRefusal]);
