import { fork } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A new PGlite database is made in a child process, and the server then opens it as it opens
 * one made before. initdb inside WebAssembly grows PGlite's memory to about 700 MiB, and
 * WebAssembly memory is never given back: a server that made its own database held about
 * 400 MiB more than one started again on it, until it was restarted (bench/README.md, "Memory").
 * The child is this module's sibling: create-pglite-child.ts under tsx, the .js that
 * scripts/build-server.ts makes beside main.js when compiled.
 */
export async function createPgliteApart(dir: string) {
  if (existsSync(join(dir, 'PG_VERSION'))) return;
  const here = import.meta.url;
  const source = here.endsWith('.ts');
  const child = fileURLToPath(
    new URL(source ? './create-pglite-child.ts' : './create-pglite-child.js', here),
  );
  const maker = fork(child, [dir], {
    // From source (tsx, a test runner) the child's TypeScript needs tsx; compiled, the
    // server's own node flags go with it.
    execArgv: source ? ['--import', 'tsx'] : process.execArgv,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const [code, signal] = (await once(maker, 'exit')) as [number | null, NodeJS.Signals | null];
  if (code !== 0) {
    throw new Error(`Creating the database in ${dir} failed (${signal ?? `exit code ${code}`})`);
  }
}
