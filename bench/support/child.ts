// Child processes for the benchmarks: the servers under test run apart from the load generator
// (and from Lighthouse), so neither steals the other's event loop.
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { ChildMessage, ParentMessage, SqlResult } from './serve-messages.ts';

export type RunningServer = {
  url: string;
  port: number;
  pid: number | undefined;
  stop: () => Promise<void>;
  /** `ours` only: runs one SQL statement on the server's own database, for setting up data. */
  query: <Row = Record<string, unknown>>(text: string, values?: unknown[]) => Promise<Row[]>;
};

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
  const answers = new Map<number, (result: SqlResult) => void>();
  const port = await new Promise<number>((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`${mode} server exited (${code})`));
    child.once('exit', onExit);
    child.on('message', (message: ChildMessage) => {
      if (message.type === 'sql-result') return answers.get(message.id)?.(message);
      child.off('exit', onExit);
      if (message.type === 'listening') resolve(message.port);
      else reject(new Error(`${mode} server failed to start:\n${message.error}`));
    });
  });
  let nextId = 0;
  const query = <Row>(text: string, values: unknown[] = []) =>
    new Promise<Row[]>((resolve, reject) => {
      const id = ++nextId;
      answers.set(id, (result) => {
        answers.delete(id);
        if (result.error !== undefined) reject(new Error(`${text}\n${result.error}`));
        else resolve((result.rows ?? []) as Row[]);
      });
      child.send({ type: 'sql', id, text, values } satisfies ParentMessage);
    });
  return {
    port,
    pid: child.pid,
    url: `http://127.0.0.1:${port}`,
    stop: () => stopChild(child, () => child.send({ type: 'stop' } satisfies ParentMessage)),
    query,
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

/**
 * CPU time (user + system, ms) and resident memory (bytes) of a process, from /proc; undefined
 * where there is no /proc (the figures are then left out, not guessed).
 */
export function processStats(pid: number | undefined) {
  if (pid === undefined) return undefined;
  try {
    // Fields after the command name, which sits in parentheses and may hold spaces.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]); // utime + stime, fields 14 and 15
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const rssKb = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1]);
    return { cpuMs: (ticks * 1000) / CLOCK_TICKS_PER_SECOND, rssBytes: rssKb * 1024 };
  } catch {
    return undefined;
  }
}

/** USER_HZ: 100 on every Linux that Node runs on. */
const CLOCK_TICKS_PER_SECOND = 100;

/** Samples a process's memory while `work` runs: peak RSS and CPU time spent in between. */
export async function whileSampling<T>(pid: number | undefined, work: () => Promise<T>) {
  const start = processStats(pid);
  let peakRss = start?.rssBytes ?? 0;
  const timer = setInterval(() => {
    peakRss = Math.max(peakRss, processStats(pid)?.rssBytes ?? 0);
  }, 200);
  try {
    const result = await work();
    const end = processStats(pid);
    const usage =
      start && end
        ? { cpuMs: end.cpuMs - start.cpuMs, peakRssBytes: Math.max(peakRss, end.rssBytes) }
        : undefined;
    return { result, usage };
  } finally {
    clearInterval(timer);
  }
}
