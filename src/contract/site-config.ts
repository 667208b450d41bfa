import { z } from 'zod';

/** GET /api/site-config: what this server has configured, for the web app to adapt to. */
export const siteConfig = z.object({
  social: z.object({ google: z.boolean(), facebook: z.boolean(), github: z.boolean() }),
  payments: z.object({
    provider: z.enum(['stripe', 'test']),
    publishableKey: z
      .string()
      .nullable()
      .describe('Stripe publishable key when provider is stripe'),
  }),
});
export type SiteConfig = z.infer<typeof siteConfig>;
