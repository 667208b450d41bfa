import { chmodSync, lstatSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * DATA_DIR holds the database, the auth secret, password-reset mails and backups: anyone who can
 * read it can take any account, and anyone who can write it can change the shop. So every folder
 * the shop makes there is 0700 and every file 0600, whatever the umask of whoever started it.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Bits a private file or folder must not have: any access for group and others. */
export const SHARED_BITS = 0o077;

/** `mkdir -p` whose new folders are 0700; the folder itself is tightened if it already was. */
export function mkdirPrivate(dir: string) {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodSync(dir, PRIVATE_DIR_MODE);
}

export async function mkdirPrivateAsync(dir: string) {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  await chmod(dir, PRIVATE_DIR_MODE);
}

type WriteOptions = { flag?: 'w' | 'wx' };

/**
 * Writes a file that only its owner may read. The mode given to open() applies only when the
 * file is new; one that existed keeps its own, so it is set again after writing.
 */
export function writePrivate(file: string, data: string, { flag = 'w' }: WriteOptions = {}) {
  writeFileSync(file, data, { mode: PRIVATE_FILE_MODE, flag });
  if (flag !== 'wx') chmodSync(file, PRIVATE_FILE_MODE);
}

export async function writePrivateAsync(
  file: string,
  data: string,
  { flag = 'w' }: WriteOptions = {},
) {
  await writeFile(file, data, { mode: PRIVATE_FILE_MODE, flag });
  if (flag !== 'wx') await chmod(file, PRIVATE_FILE_MODE);
}

/**
 * Makes `path` and everything under it owner-only: folders 0700, everything else 0600.
 * Symbolic links are left alone (chmod would follow them out of the tree), and so is a file that
 * disappears while the walk runs.
 */
export function tightenTree(path: string) {
  let stats;
  try {
    stats = lstatSync(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  if (stats.isSymbolicLink()) return;
  const want = stats.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE;
  if ((stats.mode & 0o7777) !== want) chmodSync(path, want);
  if (stats.isDirectory()) {
    for (const name of readdirSync(path)) tightenTree(join(path, name));
  }
}

// What the shop keeps in DATA_DIR: the database (and the copies a restore builds and moves aside),
// the mail outbox, backups, the generated auth secret, the running server's pid and control socket.
const SHOP_ENTRY = /^(?:pglite(?:\..+)?|outbox|backups|auth-secret|server\.pid|control\.sock)$/;

/**
 * Makes DATA_DIR 0700 (creating it) and tightens what the shop keeps in it, left looser by an
 * older version or another umask. Only the shop's own entries: an operator who points DATA_DIR
 * at a folder with other things in it keeps their modes.
 */
export function makeDataDirPrivate(dataDir: string) {
  mkdirPrivate(dataDir);
  for (const name of readdirSync(dataDir)) {
    if (SHOP_ENTRY.test(name)) tightenTree(join(dataDir, name));
  }
}
