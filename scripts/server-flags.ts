/**
 * What `npm start` runs the compiled server with (package.json's `start` names the same flags;
 * test/server-flags.test.ts holds them together), and so the end-to-end and security suites too.
 * They size Node for a small server (bench/README.md, "Memory"):
 * - `--v8-pool-size=1`: one V8 worker thread, not four. Each thread that compiles or collects
 *   garbage gets a malloc arena of its own, and what it freed stays resident there: about 30 MB.
 * - `--max-semi-space-size=2`: a young generation of 3 × 2 MB instead of 3 × 16 MB: about
 *   25 MB less after heavy traffic and during an import, at no throughput measurable
 *   (bench/README.md, "Memory").
 * - `--max-old-space-size=160`: V8 on a machine with gigabytes to spare lets the old generation
 *   grow to several times what is live before collecting it (from 70 to over 200 MB under
 *   load); bounded, it collects sooner. What is live stays far below: about 70 MB started, the
 *   read cache at most 16 MiB more (READ_CACHE_MAX_MB; rendered pages are kept outside this
 *   heap). A shop that needs more runs `node --max-old-space-size=<MB> dist/node/server/main.js`.
 */
export const SERVER_NODE_FLAGS = [
  '--v8-pool-size=1',
  '--max-semi-space-size=2',
  '--max-old-space-size=160',
] as const;

/**
 * What `npm start` sets in the server's environment (package.json's `start` names it too):
 * - `MALLOC_MMAP_THRESHOLD_=131072`: glibc's malloc hands a freed block of 128 KB or more back
 *   to the system at once. Left alone, that threshold rises to the largest block freed so far
 *   (up to 32 MB), and from then on big blocks (V8's compiler zones, a Buffer) are carved from
 *   the heap and stay resident there when freed: about 20 MB more after start on PGlite, and
 *   more while an import runs (bench/README.md, "Memory"). Other C libraries ignore it.
 */
export const SERVER_ENV = { MALLOC_MMAP_THRESHOLD_: '131072' } as const;
