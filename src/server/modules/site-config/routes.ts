import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteConfig, type SiteConfig } from '../../../contract/site-config.ts';

export const siteConfigRoutes: FastifyPluginAsyncZod<{ siteConfig: SiteConfig }> = async (
  app,
  options,
) => {
  app.get(
    '/site-config',
    {
      schema: {
        tags: ['site'],
        summary: 'What this server has configured (social sign-in providers)',
        response: { 200: siteConfig },
      },
    },
    async () => options.siteConfig,
  );
};
