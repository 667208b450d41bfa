import type { Db } from '../../db/client.ts';
import type { Handlers } from '../../http/handler.ts';
import { companyPriceList, setCompanyPriceList } from './price-list.ts';

/** A shop admin's calls on a company's dealer prices. */
export const companyPriceHandlers = ({
  db,
}: {
  db: Db;
}): Handlers<'getCompanyPrices' | 'setCompanyPrices'> => ({
  getCompanyPrices: ({ params }) => companyPriceList(db, params.id),
  setCompanyPrices: ({ user, params, body }) => setCompanyPriceList(db, user, params.id, body),
});
