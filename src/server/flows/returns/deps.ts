import type { ReadCache } from '../../cache/read-cache.ts';
import type { PaymentDeps } from '../steps/payment-deps.ts';

/** What the returns area needs: the database, mail, the card provider and RETURN_DAYS. */
export type ReturnDeps = Pick<PaymentDeps, 'db' | 'mailer' | 'provider' | 'log'> & {
  cache: ReadCache;
  returnDays: number;
};
