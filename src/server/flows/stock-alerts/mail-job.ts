import { productPath } from '../../../contract/product-path.ts';
import { sitePaths } from '../../../contract/site-paths.ts';
import type { Db } from '../../db/client.ts';
import { composeMail } from '../../mail/compose.ts';
import type { Mail, Mailer } from '../../mail/mailer.ts';
import type { JobKind } from '../../modules/jobs/queue.ts';
import { queues } from '../../modules/jobs/queues.ts';
import { deleteAlert, firedForMail } from '../../modules/stock-alerts/repository.ts';
import { unsubscribeToken } from '../../modules/stock-alerts/token.ts';

export type StockAlertMailDeps = { db: Db; mailer: Mailer; publicUrl: string; secret: string };

type Fired = NonNullable<Awaited<ReturnType<typeof firedForMail>>>;

/** The page a mail's unsubscribe link opens: a button that ends the alerts (GETs change nothing). */
export const unsubscribePageUrl = (publicUrl: string, token: string) =>
  `${publicUrl}${sitePaths.stockAlertsUnsubscribe}?token=${encodeURIComponent(token)}`;

/** What a mail client posts to for one click (RFC 8058), with no page between. */
export const oneClickUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/api/stock-alerts/unsubscribe?token=${encodeURIComponent(token)}`;

export function backInStockMail(alert: Fired, publicUrl: string, secret: string): Mail {
  const token = unsubscribeToken(secret, alert.userId);
  const page = unsubscribePageUrl(publicUrl, token);
  const mail = composeMail(
    { email: alert.email, name: alert.userName },
    `Back in stock: ${alert.name}`,
    {
      heading: `${alert.name} is back in stock`,
      paragraphs: [
        `${alert.name} (SKU ${alert.sku}) is back in stock. You asked us to tell you once; this is that mail, and this alert is now done.`,
        `Stop back-in-stock mails (ends every alert you still have): ${page}`,
      ],
      action: {
        label: 'Order it now',
        url: `${publicUrl}${productPath({ _id: alert.productId, name: alert.name })}`,
      },
    },
  );
  return {
    ...mail,
    headers: {
      'List-Unsubscribe': `<${oneClickUrl(publicUrl, token)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/**
 * One fired alert's mail, as a job: sent, then the alert deleted, so it mails once. A mail
 * server that refuses throws, and the queue tries again; a server stopped between the mail and
 * the delete sends it again on its next try (at least once, never lost).
 */
export const mailStockAlertJob = (deps: StockAlertMailDeps): JobKind => ({
  ...queues.mailStockAlert,
  async work({ input }) {
    const alertId = String(input.alertId);
    const alert = await firedForMail(deps.db, alertId);
    // Gone: mailed already, or its account or part deleted since.
    if (!alert) return { skipped: 'gone' };
    await deps.mailer.send(backInStockMail(alert, deps.publicUrl, deps.secret));
    await deleteAlert(deps.db, alertId);
    return { alertId, productId: alert.productId, mailed: true };
  },
});
