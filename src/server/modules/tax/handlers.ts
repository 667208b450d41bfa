import type { ReadCache } from '../../cache/read-cache.ts';
import type { Db } from '../../db/client.ts';
import type { Handlers } from '../../http/handler.ts';
import type { VatIds } from '../../lib/vat-ids.ts';
import {
  accountTaxDetails,
  setOwnTaxDetails,
  setTaxExempt,
  setVatVerified,
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
  | 'setTaxExempt'
  | 'setVatVerified';

// Checkouts price with the rates and the buyer's tax details from the read cache: every write
// drops them.
export const taxHandlers = ({
  db,
  cache,
  findUser,
  vatIds,
}: {
  db: Db;
  cache: ReadCache;
  findUser: FindUser;
  vatIds: VatIds;
}): Handlers<TaxEndpoints> => ({
  listTaxRates: () => allTaxRates(db),
  addTaxRate: ({ user, body }) => cache.write('tax_rate', () => addTaxRate(db, user, body)),
  updateTaxRate: ({ user, params, body }) =>
    cache.write('tax_rate', () => changeTaxRate(db, user, params.id, body)),
  deleteTaxRate: ({ user, params }) =>
    cache.write('tax_rate', () => removeTaxRate(db, user, params.id)),
  getMyTax: ({ user }) => accountTaxDetails(db, user.id),
  updateMyTax: ({ user, body }) =>
    cache.write('account_tax', () => setOwnTaxDetails(db, vatIds, user.id, body)),
  getUserTax: ({ params }) => userTaxDetails(db, findUser, params.id),
  setTaxExempt: ({ user, params, body }) =>
    cache.write('account_tax', () => setTaxExempt(db, findUser, user, params.id, body)),
  setVatVerified: ({ user, params, body }) =>
    cache.write('account_tax', () => setVatVerified(db, findUser, user, params.id, body)),
});
