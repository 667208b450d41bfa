import { AppError } from '../../errors.ts';
import type { Handlers } from '../../http/handler.ts';
import type { ShopEvents } from '../../metrics/shop-metrics.ts';
import type { Db } from '../../db/client.ts';
import type { PaymentProvider } from './providers/provider.ts';
import type { TestProvider } from './providers/test-provider.ts';
import { listSavedCards, presentSavedCard, removeSavedCard } from './saved-cards.ts';

/** The built-in test processor's card form; registered only when it is the provider. */
export const testCardHandlers = (
  provider: TestProvider,
  events: ShopEvents,
): Handlers<'confirmTestCard'> => ({
  confirmTestCard: async ({ body }) => {
    try {
      return await provider.confirmTestCard(body);
    } catch (err) {
      if (err instanceof AppError && err.kind === 'payment_failed') events.count('paymentFailed');
      throw err;
    }
  },
});

/** The buyer's kept cards, in My Profile: only their own, ever. */
export const savedCardHandlers = ({
  db,
  provider,
}: {
  db: Db;
  provider: PaymentProvider;
}): Handlers<'listSavedCards' | 'removeSavedCard'> => ({
  listSavedCards: async ({ user }) => ({
    data: (await listSavedCards(db, user.id, provider.kind)).map(presentSavedCard),
  }),
  removeSavedCard: ({ user, params }) => removeSavedCard(db, provider, user.id, params.id),
});

/** The built-in test processor's 3-D Secure page. */
export const testAuthenticateHandlers = (
  provider: TestProvider,
  events: ShopEvents,
): Handlers<'authenticateTestCard'> => ({
  authenticateTestCard: async ({ body }) => {
    try {
      return await provider.authenticateTestCard(body);
    } catch (err) {
      if (err instanceof AppError && err.kind === 'payment_failed') events.count('paymentFailed');
      throw err;
    }
  },
});
