import type { ReadCache } from '../../cache/read-cache.ts';
import type { Db } from '../../db/client.ts';
import type { Handlers } from '../../http/handler.ts';
import type { Mail, Mailer } from '../../mail/mailer.ts';
import { sendLater, type MailLog } from '../../mail/send-later.ts';
import type { ShopEvents } from '../../metrics/shop-metrics.ts';
import type { OrderLimits } from '../../modules/orders/repository.ts';
import {
  quoteAnsweredMail,
  quoteDeclinedMail,
  quoteRequestedMail,
} from '../../modules/quotes/mails.ts';
import { activeAdmins } from '../../modules/users/repository.ts';
import { afterOrderPlaced } from '../steps/after-order-placed.ts';
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
  const send = (mail: Mail, log: MailLog, quoteId: string) =>
    sendLater(mailer, log, mail, { quoteId });
  return {
    listQuotes: ({ user, query }) => browseQuotes(db, user, query),
    requestQuote: async ({ user, body, request }) => {
      const quote = await requestQuote(db, user, body);
      // The shop's admins hear of it after the answer: the quote stands whatever the mail does.
      activeAdmins(db)
        .then((admins) => {
          for (const admin of admins) {
            send(quoteRequestedMail(admin, quote, publicUrl), request.log, quote._id);
          }
        })
        .catch((err: unknown) => request.log.error({ err }, 'quote mail failed'));
      return quote;
    },
    getQuote: ({ user, params }) => readQuote(db, user, params.id),
    answerQuote: async ({ user, params, body, request }) => {
      const quote = await answerQuote(db, user, params.id, body);
      send(quoteAnsweredMail(quote, publicUrl), request.log, quote._id);
      return quote;
    },
    acceptQuote: async ({ user, params, reply, request }) => {
      const { order, placedNow } = await acceptQuote(deps, user, params.id);
      if (placedNow) afterOrderPlaced(deps, request.log, order);
      // The same order again: it was made by an earlier call.
      else void reply.status(200);
      return order;
    },
    declineQuote: async ({ user, params, request }) => {
      const { quote, byShop } = await declineQuote(db, user, params.id);
      if (byShop) send(quoteDeclinedMail(quote, publicUrl), request.log, quote._id);
      return quote;
    },
  };
};
