import type { WebhookDelivery, WebhookEndpoint } from '../../../contract/webhooks.ts';
import { SectionSpinner } from '../../components/page-spinner.tsx';
import { SectionError } from '../../components/section-error.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { notify } from '../../lib/notify.ts';
import { momentText } from '../../lib/order-text.ts';
import { redeliverText } from './webhooks-actions.ts';
import { useDeliveries, useRedeliver } from './webhooks-api.ts';

const statusBadge: Record<WebhookDelivery['status'], string> = {
  pending: 'badge-warning',
  delivered: 'badge-success',
  failed: 'badge-error',
};

/**
 * One endpoint's delivery log, newest first: each event's status, tries, the receiver's last
 * answer or why there was none, the next try, and Redeliver. Cards, not a table: it reads the
 * same at 390 px.
 */
export function WebhookDeliveries({ endpoint }: { endpoint: WebhookEndpoint }) {
  const deliveries = useDeliveries(endpoint._id);
  if (deliveries.isPending) return <SectionSpinner label="Loading the delivery log" />;
  if (deliveries.isError) return <SectionError error={deliveries.error} />;
  const rows = deliveries.data.data;
  if (rows.length === 0) return <p className="text-sm">Nothing has been sent to it yet.</p>;
  return (
    <ul aria-label={`Deliveries to ${endpoint.url}`} className="flex flex-col gap-2">
      {rows.map((d) => (
        <DeliveryItem key={d._id} endpoint={endpoint} delivery={d} />
      ))}
    </ul>
  );
}

function DeliveryItem({
  endpoint,
  delivery,
}: {
  endpoint: WebhookEndpoint;
  delivery: WebhookDelivery;
}) {
  const again = useRedeliver();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    again.mutate(
      { id: endpoint._id, deliveryId: delivery._id },
      {
        onSuccess: () => notify('success', redeliverText),
        onError: (error) => notify('error', errorMessage(error)),
      },
    );
  };
  return (
    <li className="flex flex-col gap-1 rounded-box border border-base-300 p-3 text-sm sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2">
          <code className="font-semibold">{delivery.type}</code>
          <span className={`badge badge-sm ${statusBadge[delivery.status]}`}>
            {delivery.status}
          </span>
        </p>
        <p className="font-mono text-xs wrap-anywhere">{delivery.eventId}</p>
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3">
          <dt className="text-base-content/80">Sent</dt>
          <dd>{momentText(delivery.createdAt)}</dd>
          <dt className="text-base-content/80">Tries</dt>
          <dd>{delivery.attempts}</dd>
          <dt className="text-base-content/80">Last answer</dt>
          <dd className="wrap-anywhere">
            {delivery.lastStatusCode ?? '—'}
            {delivery.lastError ? ` · ${delivery.lastError}` : ''}
          </dd>
          {delivery.nextAttemptAt && (
            <>
              <dt className="text-base-content/80">Next try</dt>
              <dd>{momentText(delivery.nextAttemptAt)}</dd>
            </>
          )}
        </dl>
      </div>
      <form method="post" onSubmit={submit}>
        <input type="hidden" name="intent" value="redeliver-webhook" />
        <input type="hidden" name="id" value={endpoint._id} />
        <input type="hidden" name="deliveryId" value={delivery._id} />
        <button
          type="submit"
          className="btn btn-outline btn-sm"
          disabled={again.isPending || !endpoint.enabled}
          aria-label={`Redeliver ${delivery.type} ${delivery.eventId}`}
        >
          Redeliver
        </button>
      </form>
    </li>
  );
}
