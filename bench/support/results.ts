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

/**
 * Prints a table: each column as wide as its widest cell, the first `labelColumns` (names)
 * aligned left and the figures after them right.
 */
export function printTable(header: string[], rows: string[][], labelColumns = 1) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i < labelColumns ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join('  ');
  for (const row of [header, ...rows]) console.log(line(row));
}

type LoadFigures = {
  p50: number;
  p99: number;
  peakRssMiB: number | null;
  non2xx: number;
  errors: number;
};

/** A load run's columns after its labels, for `printTable`: `unit` names what one call is. */
export const loadColumns = {
  header: (unit: string) => [
    `${unit}/s`,
    'p50 ms',
    'p99 ms',
    `CPU µs/${unit}`,
    'peak RSS MiB',
    'not accepted',
    'errors',
  ],
  cells: (perSecond: number, cpuMicrosPerCall: number | null, r: LoadFigures) => [
    fmt(perSecond),
    fmt(r.p50),
    fmt(r.p99),
    fmt(cpuMicrosPerCall),
    fmt(r.peakRssMiB),
    String(r.non2xx),
    String(r.errors),
  ],
};
