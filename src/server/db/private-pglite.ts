import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { mkdirPrivate, SHARED_BITS } from '../lib/private-files.ts';

type PostgresMod = Parameters<NodeFS['init']>[1];
type NodeAttr = { mode?: number };
type Nodefs = {
  doSetAttr: (arg: unknown, node: unknown, attr: NodeAttr, ...rest: unknown[]) => void;
  node_ops: { mknod: (parent: unknown, name: string, mode: number, dev: number) => unknown };
};

/**
 * PGlite writes its directory through Emscripten's NODEFS, which ignores the process umask: a
 * file is created 0777 & umask and then chmod-ed to the mode asked for inside the WebAssembly
 * (0666 for everything initdb writes, 0644 for pg_internal.init). These two calls are where
 * every mode reaches the disk; with the bits for group and others taken off there, the
 * database's files are 0600 and its folders 0700 from the moment they exist.
 */
function ownerOnly(nodefs: Nodefs) {
  // Emscripten internals: a PGlite upgrade that renames them must stop here, not open up files.
  if (typeof nodefs.doSetAttr !== 'function' || typeof nodefs.node_ops.mknod !== 'function') {
    throw new Error('PGlite’s NODEFS changed: cannot keep the database files owner-only');
  }
  const setAttr = nodefs.doSetAttr.bind(nodefs);
  nodefs.doSetAttr = (arg, node, attr, ...rest) =>
    setAttr(
      arg,
      node,
      attr.mode === undefined ? attr : { ...attr, mode: attr.mode & ~SHARED_BITS },
      ...rest,
    );
  const mknod = nodefs.node_ops.mknod.bind(nodefs.node_ops);
  nodefs.node_ops.mknod = (parent, name, mode, dev) =>
    mknod(parent, name, mode & ~SHARED_BITS, dev);
}

class PrivateNodeFS extends NodeFS {
  override async init(pg: PGlite, opts: PostgresMod) {
    const { emscriptenOpts } = await super.init(pg, opts);
    return {
      emscriptenOpts: {
        ...emscriptenOpts,
        // Before NodeFS mounts the directory, so nothing is written unpatched.
        preRun: [
          (mod: { NODEFS: unknown }) => ownerOnly(mod.NODEFS as Nodefs),
          ...(emscriptenOpts.preRun ?? []),
        ],
      },
    };
  }
}

/**
 * What every PGlite of the shop loads: pg_trgm indexes the catalogue's search (drizzle/0013), and
 * a database whose indexes use it cannot be written to without it.
 */
export const pgliteExtensions = { pg_trgm };

/**
 * PostgreSQL's defaults, sized for a server of its own, cost PGlite ~90 MB of resident
 * WebAssembly memory at start (shared buffers are set up whole): a small shop's catalogue fits
 * in far less, and what does not is read from the operating system's file cache (bench/README.md,
 * "Memory").
 */
export const pgliteStartParams = [
  ...PGlite.defaultStartParams,
  ...['shared_buffers=24MB', 'work_mem=2MB', 'temp_buffers=1MB', 'wal_buffers=512kB'].flatMap(
    (setting) => ['-c', setting],
  ),
];

/** A PGlite database in `dir` (created 0700) whose files only the shop's user can read. */
export function openPrivatePglite(dir: string, options: Omit<PGliteOptions, 'fs'> = {}) {
  mkdirPrivate(dir);
  return new PGlite({
    extensions: pgliteExtensions,
    startParams: pgliteStartParams,
    ...options,
    fs: new PrivateNodeFS(dir),
  });
}
