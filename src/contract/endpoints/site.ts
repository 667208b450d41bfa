import { endpoint } from '../endpoint.ts';
import { health, readiness } from '../health.ts';
import { siteConfig } from '../site-config.ts';

/** The site part of the endpoint table (src/contract/endpoints.ts composes every part). */
export const siteEndpoints = {
  health: endpoint({
    method: 'GET',
    path: '/api/health',
    access: 'anyone',
    tag: 'health',
    summary: 'Liveness and database reachability (503 while the database does not answer)',
    response: health,
    refusals: [503],
  }),
  healthReady: endpoint({
    method: 'GET',
    path: '/api/health/ready',
    access: 'anyone',
    tag: 'health',
    summary:
      'Readiness for a load balancer: 503 with Retry-After while migrations run or the database does not answer',
    response: readiness,
    refusals: [503],
  }),
  siteConfig: endpoint({
    method: 'GET',
    path: '/api/site-config',
    access: 'anyone',
    tag: 'site',
    summary: 'What this server has configured (social sign-in providers, payments)',
    response: siteConfig,
  }),
} as const;
