// Child processes for the benchmarks: the servers under test run apart from the load generator
// (and from Lighthouse), so neither steals the other's event loop.
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { ChildMessage, ParentMessage } from './serve.ts';

export type RunningServer = { url: string; port: number; stop: () => Promise<void> };

const serveScript = fileURLToPath(new URL('./serve.ts', import.meta.url));
/** The repository root: children resolve `tsx`, `src/` and `dist/` from here, whatever the cwd. */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Starts bench/support/serve.ts in `mode` and resolves once it listens. */
export async function startBenchServer(
  mode: 'ours' | 'bare',
  env: Record<string, string | undefined> = {},
): Promise<RunningServer> {
  const child = fork(serveScript, [mode], {
    execArgv: ['--import', 'tsx'],
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`${mode} server exited (${code})`));
    child.once('exit', onExit);
    child.on('message', (message: ChildMessage) => {
      child.off('exit', onExit);
      if (message.type === 'listening') resolve(message.port);
      else reject(new Error(`${mode} server failed to start:\n${message.error}`));
    });
  });
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    stop: () => stopChild(child, () => child.send({ type: 'stop' } satisfies ParentMessage)),
  };
}

/** Runs `tsx <script>` (relative to the repository root) with `env` added to ours. */
export function spawnTsx(script: string, env: Record<string, string | undefined>) {
  return spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Asks the child to stop (or SIGTERM), then kills it if it has not exited within 10 s. */
export async function stopChild(
  child: ChildProcess,
  ask: () => void = () => child.kill('SIGTERM'),
) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  try {
    ask();
  } catch {
    child.kill('SIGTERM');
  }
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** A TCP port that was free a moment ago. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** One line about how busy the machine is; other work on it skews every figure. */
export function machineLoad() {
  const [one = 0] = loadavg();
  const busy = one > cpus().length * 0.5;
  return `${cpus().length} CPU(s), load average ${one.toFixed(2)}${busy ? ' (busy machine: figures are unreliable)' : ''}`;
}

/** Polls `url` until it answers 2xx, or throws after `timeoutMs`. */
export async function waitForHttp(url: string, timeoutMs = 60_000, child?: ChildProcess) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`server exited (${child.exitCode})`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
