// Markdown for bench/README.md's "Last measured": the newest result of a benchmark, numbers,
// verdicts, the run's context line and tables. Used by summarise.ts and summarise-scale.ts.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './child.ts';

const resultsDir = process.env.BENCH_RESULTS_DIR || join(repoRoot, 'bench', 'results');

export type Context = {
  startedAt: string;
  commit?: string;
  uncommittedChanges?: boolean;
  node: string;
  cpus: number;
  loadAverage: { one: number };
  busy: boolean;
};
export function newest<T>(bench: string): { file: string; result: T } | undefined {
  if (!existsSync(resultsDir)) return undefined;
  const file = readdirSync(resultsDir)
    .filter((f) => f.endsWith(`-${bench}.json`))
    .sort()
    .at(-1);
  if (!file) return undefined;
  return { file, result: JSON.parse(readFileSync(join(resultsDir, file), 'utf8')) as T };
}

export const n = (value: number | null | undefined, digits = 0) =>
  value === null || value === undefined
    ? '-'
    : value.toLocaleString('en-US', {
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      });
export const verdict = (pass: boolean) => (pass ? 'PASS' : 'FAIL');

export function context(c: Context, file: string) {
  const commit = c.commit
    ? `\`${c.commit.slice(0, 7)}\`${c.uncommittedChanges ? ' + changes' : ''}`
    : '?';
  return (
    `${c.startedAt.slice(0, 16).replace('T', ' ')} UTC, code ${commit}, Node ${c.node}, ` +
    `${c.cpus} CPUs, load average ${n(c.loadAverage.one, 2)} at the start` +
    `${c.busy ? ' (**busy machine: figures unreliable**)' : ''}; \`results/${file}\``
  );
}

export function table(header: string[], rows: string[][]) {
  return [
    `| ${header.join(' | ')} |`,
    // Numbers to the right, words to the left.
    `| ${header.map((_, i) => (rows.every((r) => /^[\d.,-]+$/.test(r[i] ?? '')) ? '---:' : '---')).join(' | ')} |`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}
