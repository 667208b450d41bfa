import { z } from 'zod';

/** queued: waiting for a worker (or for its next try); running; done; failed after its last try. */
export const jobStatuses = ['queued', 'running', 'done', 'failed'] as const;
export const jobStatus = z.enum(jobStatuses);

export const job = z.object({
  _id: z.string(),
  kind: z.string(),
  status: jobStatus,
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  result: z.record(z.string(), z.unknown()).nullable(),
  error: z.string().nullable(),
  attempts: z.number().int(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type Job = z.infer<typeof job>;

/** How `202 { jobId }` answers a call that started one. */
export const jobStarted = z.object({ jobId: z.string() });
