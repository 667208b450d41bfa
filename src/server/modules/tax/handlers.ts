import type { Db } from '../../db/client.ts';
import type { Handlers } from '../../http/handler.ts';
import {
  accountTaxDetails,
  setOwnTaxDetails,
  setTaxExempt,
  userTaxDetails,
  type FindUser,
} from './account-tax.ts';
import { addTaxRate, allTaxRates, changeTaxRate, removeTaxRate } from './service.ts';

type TaxEndpoints =
  | 'listTaxRates'
  | 'addTaxRate'
  | 'updateTaxRate'
  | 'deleteTaxRate'
  | 'getMyTax'
  | 'updateMyTax'
  | 'getUserTax'
  | 'setTaxExempt';

export const taxHandlers = ({
  db,
  findUser,
}: {
  db: Db;
  findUser: FindUser;
}): Handlers<TaxEndpoints> => ({
  listTaxRates: () => allTaxRates(db),
  addTaxRate: ({ user, body }) => addTaxRate(db, user, body),
  updateTaxRate: ({ user, params, body }) => changeTaxRate(db, user, params.id, body),
  deleteTaxRate: ({ user, params }) => removeTaxRate(db, user, params.id),
  getMyTax: ({ user }) => accountTaxDetails(db, user.id),
  updateMyTax: ({ user, body }) => setOwnTaxDetails(db, user.id, body),
  getUserTax: ({ params }) => userTaxDetails(db, findUser, params.id),
  setTaxExempt: ({ user, params, body }) => setTaxExempt(db, findUser, user, params.id, body),
});
