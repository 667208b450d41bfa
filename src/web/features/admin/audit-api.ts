import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { auditQuery as auditQuerySchema } from '../../../contract/audit.ts';
import { call } from '../../lib/api-client.ts';

// The audit trail of admin writes: GET /audit (admins), newest first.

export type AuditSearch = z.infer<typeof auditQuerySchema>;

export const auditKeys = {
  all: ['admin', 'audit'] as const,
  page: (search: AuditSearch) => ['admin', 'audit', search] as const,
};

const auditQuery = (search: AuditSearch) =>
  queryOptions({
    queryKey: auditKeys.page(search),
    queryFn: ({ signal }) => call('GET /api/audit', { query: search, signal }),
    placeholderData: keepPreviousData,
    // Every admin write adds a line: opening the page always asks for the latest.
    staleTime: 0,
  });

export const useAudit = (search: AuditSearch) => useQuery(auditQuery(search));
