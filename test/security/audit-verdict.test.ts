import { describe, expect, it } from 'vitest';
import { auditVerdict } from '../../scripts/audit-verdict.ts';

const report = (vulnerabilities: Record<string, { severity: string; via: unknown[] }>) => {
  const counts = { info: 0, low: 0, moderate: 0, high: 0, critical: 0 } as Record<string, number>;
  for (const { severity } of Object.values(vulnerabilities)) counts[severity]! += 1;
  return JSON.stringify({
    auditReportVersion: 2,
    vulnerabilities,
    metadata: { vulnerabilities: { ...counts, total: Object.keys(vulnerabilities).length } },
  });
};

describe('the npm audit verdict', () => {
  it('fails on a high or critical finding and names it', () => {
    const verdict = auditVerdict(
      report({
        'left-pad': { severity: 'critical', via: [{ title: 'Prototype pollution in left-pad' }] },
        'right-pad': { severity: 'moderate', via: [{ title: 'Slow regex' }] },
      }),
    );
    expect(verdict.outcome).toBe('fail');
    expect(verdict.outcome === 'fail' && verdict.findings).toEqual([
      'critical left-pad: Prototype pollution in left-pad',
    ]);
  });

  it('passes with only low or moderate findings, or none', () => {
    expect(auditVerdict(report({ x: { severity: 'moderate', via: ['y'] } })).outcome).toBe('pass');
    expect(auditVerdict(report({}))).toEqual({
      outcome: 'pass',
      summary: 'npm audit: no high or critical finding in production dependencies (0 lower)',
    });
  });

  it('says in one line that the audit could not run when the endpoint refuses or is unreachable', () => {
    const refused = JSON.stringify({
      message:
        '405 Method Not Allowed - POST https://registry.invalid/-/npm/v1/security/advisories/bulk',
      statusCode: 405,
    });
    expect(auditVerdict(refused)).toEqual({
      outcome: 'not-run',
      summary:
        "npm audit could not be run here: the registry's audit endpoint answered 405 Method Not Allowed.",
    });
    const offline = JSON.stringify({
      error: { code: 'ENOTFOUND', summary: 'getaddrinfo ENOTFOUND' },
    });
    expect(auditVerdict(offline).summary).toBe(
      'npm audit could not be run here: the audit endpoint is unreachable (ENOTFOUND).',
    );
    expect(auditVerdict('').outcome).toBe('not-run');
  });
});
