import { chmodSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Socket } from 'node:net';
import { join } from 'node:path';
import { PRIVATE_FILE_MODE } from '../lib/private-files.ts';

/**
 * How `npm run db:backup` asks a running server for a backup: a Unix socket in DATA_DIR that
 * only the user running the server may connect to (mode 0600), never anything on the shop's
 * public port. One request per connection: the line `backup`, answered by one JSON line.
 */
export const controlSocketPath = (dataDir: string) => join(dataDir, 'control.sock');

type Answer = { ok: true; file: string } | { ok: false; error: string };

const MAX_REQUEST_BYTES = 64;

export async function openControlSocket({
  dataDir,
  backup,
  log,
}: {
  dataDir: string;
  backup: () => Promise<string>;
  log: { warn: (obj: object, msg: string) => void };
}) {
  const path = controlSocketPath(dataDir);
  const server = createServer((socket) => serve(socket, backup));
  // A socket file left by a server that was killed would make listen fail.
  rmSync(path, { force: true });
  // Created with no access for group and others from the first moment, not fixed up after.
  const umask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(path, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (err) {
    log.warn(
      { err, path },
      'the backup control socket could not be opened: `npm run db:backup` cannot reach this server',
    );
    return { close: async () => {} };
  } finally {
    process.umask(umask);
  }
  chmodSync(path, PRIVATE_FILE_MODE);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
      }),
  };
}

function serve(socket: Socket, backup: () => Promise<string>) {
  let request = '';
  let handled = false;
  socket.setEncoding('utf8');
  socket.on('error', () => {});
  socket.on('data', (chunk: string) => {
    if (handled) return;
    request += chunk;
    if (!request.includes('\n') && request.length <= MAX_REQUEST_BYTES) return;
    handled = true;
    if (request.trim() !== 'backup') return reply(socket, { ok: false, error: 'unknown request' });
    backup().then(
      (file) => reply(socket, { ok: true, file }),
      (err: unknown) =>
        reply(socket, { ok: false, error: err instanceof Error ? err.message : String(err) }),
    );
  });
}

function reply(socket: Socket, answer: Answer) {
  socket.end(`${JSON.stringify(answer)}\n`);
}

/** Asks the server listening in DATA_DIR for a backup; resolves with the file it wrote. */
export function requestBackup(dataDir: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(controlSocketPath(dataDir));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      let answer: Answer;
      try {
        answer = JSON.parse(text) as Answer;
      } catch {
        return reject(new Error(`the server gave no answer (${text.trim() || 'nothing'})`));
      }
      if (answer.ok) resolve(answer.file);
      else reject(new Error(answer.error));
    });
    socket.write('backup\n');
  });
}
