import type { Executor } from '../../db/client.ts';
import { findCompany } from '../../modules/companies/repository.ts';
import type { OrderRow } from '../../modules/orders/repository.ts';
import type { BuyerCompany } from './price-delivery.ts';

/**
 * Whom an order placed for a company is taxed as when it is priced again (a ship-to chosen
 * later, its quote): the company's name and VAT ID (verified or not), as at checkout. Undefined for an order of
 * no company, or of one since deleted: the account's own details then.
 */
export async function orderCompany(
  tx: Executor,
  order: Pick<OrderRow, 'companyId'>,
): Promise<BuyerCompany | undefined> {
  if (order.companyId === null) return undefined;
  const company = await findCompany(tx, order.companyId);
  return (
    company && {
      companyName: company.name,
      vatId: company.vatId,
      vatIdVerified: company.vatIdVerified,
    }
  );
}
