import { useEffect } from 'react';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ImportPreview } from '../../../contract/imports.ts';
import type { Job } from '../../../contract/jobs.ts';
import { call, type Call } from '../../lib/api-client.ts';
import { stockMovementKeys } from '../admin/stock-movements-api.ts';
import { toolKeys } from '../catalog/api.ts';
import { companyKeys } from '../companies-admin/api.ts';
import { taxonomyKeys } from '../catalog/taxonomy-api.ts';

// CSV imports (admins): POST /imports (the file, checked), GET /imports/{id} (its preview),
// POST /imports/{id}/apply, and the apply's job: GET /jobs/{id}, POST /jobs/{id}/retry.

export const importKeys = {
  detail: (id: string) => ['imports', id] as const,
  job: (id: string) => ['jobs', id] as const,
};

/** How often a running apply is asked how far it has got. */
export const JOB_POLL_MS = 500;

const finished = (job: Job | undefined) => job?.status === 'done' || job?.status === 'failed';

export const importQuery = (id: string, via: Call = call) =>
  queryOptions({
    queryKey: importKeys.detail(id),
    queryFn: ({ signal }) => via('GET /api/imports/:id', { params: { id }, signal }),
  });

export const useImport = (id: string | null) =>
  useQuery({ ...importQuery(id ?? ''), enabled: id !== null });

export const jobQuery = (id: string, via: Call = call) =>
  queryOptions({
    queryKey: importKeys.job(id),
    queryFn: ({ signal }) => via('GET /api/jobs/:id', { params: { id }, signal }),
  });

/**
 * The apply's job, asked again every half second until it is done or failed. When it is done,
 * what it changed (products, stock, prices, new categories and brands, dealer prices) is asked for afresh.
 */
export function useJob(id: string | null) {
  const queryClient = useQueryClient();
  const job = useQuery({
    ...jobQuery(id ?? ''),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: (query) => (finished(query.state.data) ? false : JOB_POLL_MS),
  });
  const done = job.data?.status === 'done';
  useEffect(() => {
    if (done) void refreshCatalogue(queryClient);
  }, [done, queryClient]);
  return job;
}

function refreshCatalogue(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all(
    [
      toolKeys.all,
      stockMovementKeys.all,
      taxonomyKeys.categories,
      taxonomyKeys.brands,
      companyKeys.all,
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

/** The form as the browser makes it: `kind` and `file`. The answer is the preview. */
export function useCheckFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) => call('POST /api/imports', { body: form }),
    onSuccess: (preview: ImportPreview) =>
      queryClient.setQueryData(importKeys.detail(preview._id), preview),
  });
}

/** Apply: the import now names its job, which the page then follows. */
export function useApplyImport(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call('POST /api/imports/:id/apply', { params: { id } }),
    onSuccess: ({ jobId }) =>
      queryClient.setQueryData<ImportPreview>(importKeys.detail(id), (preview) =>
        preview ? { ...preview, jobId } : preview,
      ),
  });
}

/** A failed apply run again: the answer is the job, queued once more. */
export function useRetryJob(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call('POST /api/jobs/:id/retry', { params: { id } }),
    onSuccess: (job: Job) => queryClient.setQueryData(importKeys.job(id), job),
  });
}
