import type { FastifyReply } from 'fastify';
import type { ReadCache } from '../../cache/read-cache.ts';
import type { Db } from '../../db/client.ts';
import type { Handlers } from '../../http/handler.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { ShopEvents } from '../../metrics/shop-metrics.ts';
import type { PaymentProvider } from '../../modules/payments/providers/provider.ts';
import { cancelOrder } from './cancel-order.ts';
import { creditNotePdf, orderDocumentPdf } from './order-documents.ts';

type Deps = {
  db: Db;
  cache: ReadCache;
  mailer: Mailer;
  provider: PaymentProvider;
  events: ShopEvents;
  approvalHoldHours: number;
};

/** Saved, not shown in the tab: the browser downloads it under its number. */
const asDownload = (reply: FastifyReply, fileName: string) =>
  void reply.header('content-disposition', `attachment; filename="${fileName}"`);

/** After the sale: cancelling a paid order, and its invoice and credit note. */
export const afterSaleHandlers = (
  deps: Deps,
): Handlers<'cancelOrder' | 'orderInvoice' | 'orderCreditNote' | 'orderCreditNoteByNumber'> => ({
  cancelOrder: ({ user, params, body, request }) =>
    cancelOrder({ ...deps, log: request.log }, user, params.id, body),
  orderInvoice: async ({ params, reply }) => {
    const { bytes, fileName } = await orderDocumentPdf(deps.db, params.id, 'invoice');
    asDownload(reply, fileName);
    return bytes;
  },
  orderCreditNote: async ({ params, reply }) => {
    const { bytes, fileName } = await orderDocumentPdf(deps.db, params.id, 'credit-note');
    asDownload(reply, fileName);
    return bytes;
  },
  orderCreditNoteByNumber: async ({ params, reply }) => {
    const { bytes, fileName } = await creditNotePdf(deps.db, params.id, params.number);
    asDownload(reply, fileName);
    return bytes;
  },
});
