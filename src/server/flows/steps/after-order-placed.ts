import type { Order } from '../../../contract/orders.ts';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { sendLater, type MailLog } from '../../mail/send-later.ts';
import type { ShopEvents } from '../../metrics/shop-metrics.ts';
import { orderPlacedMail } from '../../modules/orders/mails.ts';
import { mailApprovers } from './hold-for-approval.ts';

/**
 * What follows an order placed by any path (checkout, a purchase page's one line, a quote
 * accepted), once it is committed and only the first time (a repeated checkout key or accept
 * answers the same order and tells no one again): it is counted, the buyer is mailed, and the
 * company's approvers hear of one that waits for them.
 */
export function afterOrderPlaced(
  deps: { db: Db; mailer: Mailer; events: ShopEvents },
  log: MailLog,
  order: Order,
) {
  deps.events.count('orderPlaced');
  sendLater(deps.mailer, log, orderPlacedMail(order), { orderId: order._id });
  mailApprovers({ ...deps, log }, order);
}
