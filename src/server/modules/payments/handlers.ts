import { AppError } from '../../errors.ts';
import type { Handlers } from '../../http/handler.ts';
import type { ShopEvents } from '../../metrics/shop-metrics.ts';
import type { TestProvider } from './providers/test-provider.ts';

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
