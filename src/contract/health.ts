import { z } from 'zod';

export const health = z.object({
  status: z.enum(['ok']),
  database: z.enum(['pglite', 'postgres']),
  uptimeSeconds: z.number(),
});
