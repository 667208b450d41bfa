// Every benchmark run leaves a JSON file in bench/results/ (committed), so that figures can be
// compared across commits and machines; bench/README.md summarises the latest ones.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './child.ts';

function git(...args: string[]) {
  try {
    return execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).trim();
  } catch {
    return undefined;
  }
}

/** Where and on what a run happened; taken at its start. */
export function runContext() {
  const [one = 0, five = 0] = loadavg();
  return {
    startedAt: new Date().toISOString(),
    commit: git('rev-parse', 'HEAD'),
    uncommittedChanges: (git('status', '--porcelain', '--untracked-files=no') ?? '') !== '',
    node: process.version,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model,
    memoryBytes: totalmem(),
    loadAverage: { one, five },
    busy: one > cpus().length * 0.5,
    env: Object.fromEntries(
      Object.entries(process.env).filter(([k]) => k.startsWith('BENCH_') && !k.includes('URL')),
    ),
  };
}

/** Writes bench/results/<time>-<name>.json (or BENCH_RESULTS_DIR) and returns its path. */
export function writeResult(name: string, result: object) {
  const dir = process.env.BENCH_RESULTS_DIR || join(repoRoot, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const stamp = new Date()
    .toISOString()
    .replace(/[:.]/g, '-')
    .replace(/-\d+Z$/, 'Z');
  const file = join(dir, `${stamp}-${name}.json`);
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nresult written to ${file}`);
  return file;
}

/** A figure for the report's tables: thousands separated, `-` when there is none. */
export const fmt = (n: number | null, digits = 0) =>
  n === null
    ? '-'
    : n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
