import { auditList, auditQuery } from '../audit.ts';
import { endpoint } from '../endpoint.ts';

/** The audit part of the endpoint table (src/contract/endpoints.ts composes every part). */
export const auditEndpoints = {
  auditTrail: endpoint({
    method: 'GET',
    path: '/api/audit',
    access: 'admin',
    tag: 'audit',
    summary: 'The audit trail of admin writes, newest first',
    query: auditQuery,
    response: auditList,
  }),
} as const;
