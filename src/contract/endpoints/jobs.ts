import { idParams } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { job } from '../jobs.ts';

/** The jobs part of the endpoint table (src/contract/endpoints.ts composes every part). */
export const jobsEndpoints = {
  getJob: endpoint({
    method: 'GET',
    path: '/api/jobs/:id',
    access: 'admin',
    scopes: ['catalog:write'],
    tag: 'jobs',
    summary:
      'A background job: its status (queued, running, done or failed), progress, result and the reason it failed',
    params: idParams,
    response: job,
  }),
  retryJob: endpoint({
    method: 'POST',
    path: '/api/jobs/:id/retry',
    access: 'admin',
    scopes: ['catalog:write'],
    tag: 'jobs',
    summary: 'Run a failed job again (409 unless it failed)',
    params: idParams,
    response: job,
    refusals: [409],
  }),
} as const;
