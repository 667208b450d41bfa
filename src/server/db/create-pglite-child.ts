// Run by createPgliteApart (create-pglite.ts) in a process of its own: creates the shop's PGlite
// database in the folder named, then exits, taking initdb's memory with it.
import { openPrivatePglite } from './private-pglite.ts';

const dir = process.argv[2];
if (!dir) throw new Error('create-pglite-child: which folder?');
const db = openPrivatePglite(dir);
await db.waitReady;
await db.close();
