/** What `npm audit --json` printed, judged: pass, fail (high or critical), or not run. */
export type AuditVerdict =
  | { outcome: 'pass'; summary: string }
  | { outcome: 'fail'; summary: string; findings: string[] }
  | { outcome: 'not-run'; summary: string };

type Report = {
  vulnerabilities?: Record<string, { severity?: string; via?: unknown[]; range?: string }>;
  metadata?: { vulnerabilities?: Record<string, number> };
  statusCode?: number;
  message?: string;
  error?: { code?: string; summary?: string };
};

const BLOCKING = new Set(['high', 'critical']);

export function auditVerdict(stdout: string): AuditVerdict {
  let report: Report;
  try {
    report = JSON.parse(stdout) as Report;
  } catch {
    return notRun('npm printed no audit report');
  }
  const counts = report.metadata?.vulnerabilities;
  if (!counts) return notRun(reasonOf(report));

  const findings = Object.entries(report.vulnerabilities ?? {})
    .filter(([, v]) => BLOCKING.has(v.severity ?? ''))
    .map(([name, v]) => `${v.severity} ${name}${v.range ? ` ${v.range}` : ''}: ${titles(v.via)}`);
  const high = (counts.high ?? 0) + (counts.critical ?? 0);
  const minor = (counts.low ?? 0) + (counts.moderate ?? 0) + (counts.info ?? 0);
  if (high > 0) {
    return {
      outcome: 'fail',
      summary: `npm audit: ${high} high or critical finding(s) in production dependencies`,
      findings,
    };
  }
  return {
    outcome: 'pass',
    summary: `npm audit: no high or critical finding in production dependencies (${minor} lower)`,
  };
}

function notRun(reason: string): AuditVerdict {
  return { outcome: 'not-run', summary: `npm audit could not be run here: ${reason}.` };
}

/** Why npm gave no report: the registry's answer or the network error, without the URL. */
function reasonOf(report: Report) {
  if (report.statusCode) {
    const status = report.message?.match(/^\d{3} ([^-]+?)\s+-/)?.[1];
    return `the registry's audit endpoint answered ${report.statusCode}${status ? ` ${status}` : ''}`;
  }
  const code = report.error?.code;
  if (code) return `the audit endpoint is unreachable (${code})`;
  return report.error?.summary || report.message || 'npm reported an error';
}

function titles(via: unknown[] = []) {
  const named = via.map((item) =>
    typeof item === 'string' ? `via ${item}` : String((item as { title?: string }).title ?? ''),
  );
  return [...new Set(named.filter(Boolean))].join('; ');
}
