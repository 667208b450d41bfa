// `npm start` as an operator runs it, for the benches that measure the server it starts
// (bench/memory.ts, bench/images.ts): the compiled server in its own process group, timed
// until /api/health/ready answers, and the node process found under npm's shell.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { freePort, processStats, repoRoot } from './child.ts';

const MiB = 1024 * 1024;

/** The process ids under `pid`, found through /proc (npm runs sh, which runs node). */
function descendants(pid: number): number[] {
  const children = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
  return children.flatMap((child) => [child, ...descendants(child)]);
}

const SERVER_MAIN = 'dist/node/server/main.js';
const serverPid = (npmPid: number) =>
  descendants(npmPid).find((pid) => {
    try {
      // node itself, not the shell npm runs the script line in
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(SERVER_MAIN);
    } catch {
      return false;
    }
  });

export type Started = { child: ChildProcess; pid: number; seconds: number; origin: string };

/** `npm start`, timed until /api/health/ready answers 200. */
export async function npmStart(env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: origin },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + String(chunk)).slice(-4000)));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited: ${stderr}`);
    const ok = await fetch(`${origin}/api/health/ready`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) break;
    if (performance.now() - started > 180_000) throw new Error('not ready within 180 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const seconds = (performance.now() - started) / 1000;
  const pid = serverPid(child.pid!);
  if (pid === undefined) throw new Error('the server process was not found');
  return { child, pid, seconds, origin };
}

export async function stop({ child }: Started) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid!, 'SIGTERM');
  await exited;
}

export const rssMiB = (pid: number) => (processStats(pid)?.rssBytes ?? 0) / MiB;
