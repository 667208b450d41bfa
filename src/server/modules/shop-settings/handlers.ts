import type { Db } from '../../db/client.ts';
import type { Handlers } from '../../http/handler.ts';
import { changeShopDetails, shopDetails } from './service.ts';

export const shopSettingsHandlers = ({
  db,
}: {
  db: Db;
}): Handlers<'getShopSettings' | 'updateShopSettings'> => ({
  getShopSettings: () => shopDetails(db),
  updateShopSettings: ({ user, body }) => changeShopDetails(db, user, body),
});
