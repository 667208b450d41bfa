// Compiles the server once into plain JavaScript (dist/node/server/), which `npm start` runs
// with node: compiling TypeScript at every start through tsx costs ~130 MB of resident memory
// (its loader, esbuild and the source maps it keeps) and a second or more of start-up
// (bench/README.md, "Memory"). Packages stay in node_modules, imported as they are, but for two
// bundled in: Stripe's browser library, since its `/pure` entry is a folder Node's ESM loader
// does not resolve, and lucide-react, whose package entry makes every one of its 1,600 icons
// at start (about 3 MB of heap and 20 MB of resident memory for the dozens the pages draw).
//
// The output sits three folders deep, as src/server/db/*.ts do: the migrations are found
// relative to the module that reads them ('../../../drizzle').
import { readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

export const SERVER_OUT_DIR = 'dist/node/server';

export async function buildServer(outdir = SERVER_OUT_DIR) {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };
  const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })
    .filter((name) => !name.startsWith('@stripe/') && name !== 'lucide-react')
    .flatMap((name) => [name, `${name}/*`]);
  // Chunks are named by their content: without this, old ones would pile up.
  rmSync(outdir, { recursive: true, force: true });
  await build({
    // The child that makes a new PGlite database (src/server/db/create-pglite.ts) beside main.js.
    entryPoints: {
      main: 'src/server/main.ts',
      'create-pglite-child': 'src/server/db/create-pglite-child.ts',
    },
    outdir,
    bundle: true,
    // Pages are imported only once main.ts has set NODE_ENV (src/server/ssr/pages.ts): split
    // into their own chunk, React is loaded then, in its production build.
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    jsx: 'automatic',
    external,
    logLevel: 'warning',
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer(process.argv[2]);
