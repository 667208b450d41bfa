import type { z } from 'zod';
import type { auditQuery as auditQuerySchema } from '../../../contract/audit.ts';
import { call } from '../../lib/api-client.ts';
import { usePagedQuery } from '../../lib/paged-query.ts';

// The audit trail of admin writes: GET /audit (admins), newest first.

export type AuditSearch = z.infer<typeof auditQuerySchema>;

export const auditKeys = {
  all: ['admin', 'audit'] as const,
  page: (search: AuditSearch) => ['admin', 'audit', search] as const,
};

// Every admin write adds a line.
export const useAudit = (search: AuditSearch) =>
  usePagedQuery(
    auditKeys.page(search),
    (signal) => call('GET /api/audit', { query: search, signal }),
    {
      alwaysFresh: true,
    },
  );
