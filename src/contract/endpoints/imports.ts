import { idParams } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { importPreview } from '../imports.ts';
import { jobStarted } from '../jobs.ts';

/** The imports part of the endpoint table (src/contract/endpoints.ts composes every part). */
export const importsEndpoints = {
  getImport: endpoint({
    method: 'GET',
    path: '/api/imports/:id',
    access: 'admin',
    tag: 'imports',
    summary: "An import's preview: its counts, its errors by line and column, and its apply job",
    params: idParams,
    response: importPreview,
  }),
  applyImport: endpoint({
    method: 'POST',
    path: '/api/imports/:id/apply',
    access: 'admin',
    tag: 'imports',
    summary:
      'Apply a valid import, all or nothing, as a job (202 with its id; asked again, the same job). 409 when the import has errors',
    params: idParams,
    status: 202,
    response: jobStarted,
    refusals: [409],
  }),
} as const;
