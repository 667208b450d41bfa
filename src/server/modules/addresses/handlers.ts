import type { Db } from '../../db/client.ts';
import type { Handlers } from '../../http/handler.ts';
import { addAddress, changeAddress, ownAddresses, removeAddress } from './service.ts';

export const addressHandlers = ({
  db,
}: {
  db: Db;
}): Handlers<'listAddresses' | 'addAddress' | 'updateAddress' | 'deleteAddress'> => ({
  listAddresses: ({ user }) => ownAddresses(db, user.id),
  addAddress: ({ user, body }) => addAddress(db, user.id, body),
  updateAddress: ({ user, params, body }) => changeAddress(db, user.id, params.id, body),
  deleteAddress: ({ user, params }) => removeAddress(db, user.id, params.id),
});
