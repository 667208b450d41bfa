import type { ReadCache } from '../../cache/read-cache.ts';
import type { Db } from '../../db/client.ts';
import type { Handlers } from '../../http/handler.ts';
import type { Mail, Mailer } from '../../mail/mailer.ts';
import type { ShopEvents } from '../../metrics/shop-metrics.ts';
import { orderPlacedMail } from '../../modules/orders/mails.ts';
import type { OrderLimits } from '../../modules/orders/repository.ts';
import {
  quoteAnsweredMail,
  quoteDeclinedMail,
  quoteRequestedMail,
} from '../../modules/quotes/mails.ts';
import { activeAdmins } from '../../modules/users/repository.ts';
import { mailApprovers } from '../steps/hold-for-approval.ts';
import { acceptQuote } from './accept.ts';
import { answerQuote } from './answer.ts';
import { declineQuote } from './decline.ts';
import { browseQuotes, readQuote } from './read.ts';
import { requestQuote } from './request.ts';

type Deps = {
  db: Db;
  cache: ReadCache;
  mailer: Mailer;
  limits: OrderLimits;
  events: ShopEvents;
  publicUrl: string;
};

/** Quotes: asked for from the cart, answered by the shop, accepted into one order. */
export const quoteHandlers = (
  deps: Deps,
): Handlers<
  'listQuotes' | 'requestQuote' | 'getQuote' | 'answerQuote' | 'acceptQuote' | 'declineQuote'
> => {
  const { db, mailer, publicUrl } = deps;
  // The quote stands even if a mail cannot go out; the log says so.
  const send = (mail: Mail, log: { error: (o: object, m: string) => void }, quoteId: string) =>
    mailer.send(mail).catch((err: unknown) => log.error({ err, quoteId }, 'quote mail failed'));
  return {
    listQuotes: ({ user, query }) => browseQuotes(db, user, query),
    requestQuote: async ({ user, body, request }) => {
      const quote = await requestQuote(db, user, body);
      // The shop's admins hear of it after the answer: the quote stands whatever the mail does.
      activeAdmins(db)
        .then((admins) => {
          for (const admin of admins) {
            void send(quoteRequestedMail(admin, quote, publicUrl), request.log, quote._id);
          }
        })
        .catch((err: unknown) => request.log.error({ err }, 'quote mail failed'));
      return quote;
    },
    getQuote: ({ user, params }) => readQuote(db, user, params.id),
    answerQuote: async ({ user, params, body, request }) => {
      const quote = await answerQuote(db, user, params.id, body);
      void send(quoteAnsweredMail(quote, publicUrl), request.log, quote._id);
      return quote;
    },
    acceptQuote: async ({ user, params, reply, request }) => {
      const { order, placedNow } = await acceptQuote(deps, user, params.id);
      if (placedNow) {
        void send(orderPlacedMail(order), request.log, params.id);
        mailApprovers({ db, mailer, log: request.log }, order);
      }
      // The same order again: it was made by an earlier call.
      else void reply.status(200);
      return order;
    },
    declineQuote: async ({ user, params, request }) => {
      const { quote, byShop } = await declineQuote(db, user, params.id);
      if (byShop) void send(quoteDeclinedMail(quote, publicUrl), request.log, quote._id);
      return quote;
    },
  };
};
