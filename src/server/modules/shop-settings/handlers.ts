import type { ReadCache } from '../../cache/read-cache.ts';
import type { Db } from '../../db/client.ts';
import type { Handlers } from '../../http/handler.ts';
import { changeShopDetails, shopDetails } from './service.ts';

// Checkouts read the shop's country from the read cache: a change drops it.
export const shopSettingsHandlers = ({
  db,
  cache,
}: {
  db: Db;
  cache: ReadCache;
}): Handlers<'getShopSettings' | 'updateShopSettings'> => ({
  getShopSettings: () => shopDetails(db),
  updateShopSettings: ({ user, body }) =>
    cache.write('shop_settings', () => changeShopDetails(db, user, body)),
});
