import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { mkdirPrivate, writePrivate } from '../lib/private-files.ts';

/**
 * PGlite has no lock of its own: a second process opens a directory the server is using and
 * both write to it. The server leaves its process id here while it runs, so tools that open the
 * database directly (`npm run make-admin`) can refuse instead.
 */
export const dataDirMarker = (dataDir: string) => join(dataDir, 'server.pid');

/** Marks DATA_DIR as in use by this process; the function returned removes the mark. */
export function markDataDirInUse(dataDir: string) {
  mkdirPrivate(dataDir);
  const marker = dataDirMarker(dataDir);
  writePrivate(marker, `${process.pid}\n`);
  return () => {
    // Another server started on the same directory since then owns the mark now.
    if (readPid(marker) === process.pid) rmSync(marker, { force: true });
  };
}

/**
 * The id of another live process that has DATA_DIR open, if any. A mark left by a process that
 * was killed (or by this very process id, reused after a restart) does not count.
 */
export function dataDirHolder(dataDir: string) {
  const pid = readPid(dataDirMarker(dataDir));
  if (pid === undefined || pid === process.pid) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (err) {
    // EPERM: alive, but another user's process.
    return (err as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}

function readPid(file: string) {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  const pid = Number(text.trim());
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}
