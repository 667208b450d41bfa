import type { FastifyBaseLogger } from 'fastify';
import type { AuditActor } from '../../audit/record.ts';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { sendLater } from '../../mail/send-later.ts';
import type { ShopEvents } from '../../metrics/shop-metrics.ts';
import type { OrderRow } from '../../modules/orders/repository.ts';
import type { RefundReason } from '../../modules/payments/mails.ts';
import type { PaymentProvider } from '../../modules/payments/providers/provider.ts';

/** What settling a payment needs: the provider to ask, and the mailer to tell the customer. */
export type PaymentDeps = {
  db: Db;
  provider: PaymentProvider;
  mailer: Mailer;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  events: ShopEvents;
  /** How long an order sent back for approval (over the buyer's limit when paid) holds its stock. */
  approvalHoldHours: number;
};

/** Refunds nobody asked for by hand are made by the shop itself. */
export const SYSTEM_ACTOR: AuditActor = { id: 'system', email: 'system' };

export type Settlement =
  | { outcome: 'paid'; order: OrderRow; changed: boolean }
  | { outcome: 'refunded'; reason: RefundReason };

/**
 * Sent after the answer, not awaited: the payment stands whether or not the mail goes out (a
 * slow mail server must not hold up the customer), and the log says when it did not.
 */
export function mailCustomer(
  { mailer, log }: Pick<PaymentDeps, 'mailer' | 'log'>,
  mail: Parameters<Mailer['send']>[0],
  orderId: string,
) {
  sendLater(mailer, log, mail, { orderId });
}
