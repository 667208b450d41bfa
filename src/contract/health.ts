import { z } from 'zod';

export const health = z.object({
  status: z.enum(['ok']),
  database: z.enum(['pglite', 'postgres']),
  uptimeSeconds: z.number(),
});

/** Ready to take traffic: migrations done and the database answering. */
export const readiness = z.object({
  status: z.enum(['ready']),
});
