import type { SiteConfig } from '../../../contract/site-config.ts';
import type { Handlers } from '../../http/handler.ts';

export const siteConfigHandlers = (siteConfig: SiteConfig): Handlers<'siteConfig'> => ({
  siteConfig: () => siteConfig,
});
