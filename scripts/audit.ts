// `npm audit --omit=dev` that fails on high or critical findings. When the registry's audit
// endpoint cannot be reached (offline, or a mirror without it), it says so in one line and
// passes: an audit that could not run is not a finding.
import { spawnSync } from 'node:child_process';
import { auditVerdict } from './audit-verdict.ts';

const run = spawnSync('npm', ['audit', '--omit=dev', '--audit-level=high', '--json'], {
  encoding: 'utf8',
  timeout: 120_000,
  maxBuffer: 64 * 1024 * 1024,
});
const verdict = run.error
  ? {
      outcome: 'not-run' as const,
      summary: `npm audit could not be run here: ${run.error.message}.`,
    }
  : auditVerdict(run.stdout);

console.log(verdict.summary);
if (verdict.outcome === 'fail') {
  for (const finding of verdict.findings) console.log(`  ${finding}`);
  process.exit(1);
}
