import { type FormEvent } from 'react';
import { Link, type LoaderFunctionArgs } from 'react-router';
import type { StockAlert } from '../../../contract/stock-alerts.ts';
import { BusyButton } from '../../components/busy-button.tsx';
import { DashboardSection } from '../../components/dashboard-section.tsx';
import { SectionSpinner } from '../../components/page-spinner.tsx';
import { SectionError } from '../../components/section-error.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { formAction } from '../../lib/form-action.ts';
import { notify } from '../../lib/notify.ts';
import { dayText } from '../../lib/order-text.ts';
import { ensureSignedIn, pageOf } from '../../lib/page-context.ts';
import { endAlertRule, myStockAlertsQuery, useEndAlert, useMyStockAlerts } from './api.ts';

/** Dashboard, Stock alerts: the parts the buyer waits for, each with its Remove. */
export function loader({ context }: LoaderFunctionArgs) {
  const page = pageOf(context);
  return ensureSignedIn(page, () => [myStockAlertsQuery(page.call)]);
}

/** A Remove posted before the script took over: the alert ended, and back to the list. */
export const action = formAction(
  endAlertRule,
  (_result, _input, { request }) => ({
    to: new URL(request.url).pathname,
    toast: { kind: 'success', message: 'The stock alert is removed.' },
  }),
  { signedIn: true },
);

const AVAILABILITY = {
  in_stock: 'In stock',
  low_stock: 'Low stock',
  out_of_stock: 'Out of stock',
} as const;

export function StockAlertsPage() {
  const alerts = useMyStockAlerts();
  return (
    <DashboardSection
      title="Stock alerts"
      description="The parts you wait for: we mail you once when each is back in stock."
    >
      <p className="-mt-2 text-base-content/80">
        Ask for an alert with Notify me on an out-of-stock part. Each alert mails you once, then it
        is done.
      </p>
      {alerts.isPending ? (
        <SectionSpinner label="Loading your stock alerts" />
      ) : alerts.isError ? (
        <SectionError error={alerts.error} />
      ) : alerts.data.data.length === 0 ? (
        <p className="text-base-content/80">No stock alerts: you are not waiting for any part.</p>
      ) : (
        <ul aria-label="Stock alerts" className="flex flex-col gap-3">
          {alerts.data.data.map((alert) => (
            <li key={alert._id}>
              <AlertRow alert={alert} />
            </li>
          ))}
        </ul>
      )}
    </DashboardSection>
  );
}

function AlertRow({ alert }: { alert: StockAlert }) {
  const end = useEndAlert();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (end.isPending) return;
    end.mutate(alert.productId, {
      onSuccess: () => notify('success', `No mail about ${alert.name}: the alert is removed.`),
      onError: (error) => notify('error', `${alert.name}: ${errorMessage(error)}`),
    });
  };
  const back = alert.availability !== 'out_of_stock';
  return (
    <div className="card border border-base-300 bg-base-100">
      <div className="card-body flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex min-w-0 flex-col gap-1">
          <Link to={alert.path} className="link font-semibold wrap-anywhere">
            {alert.name}
          </Link>
          <p className="text-sm text-base-content/80">
            <span className="font-mono">SKU {alert.sku}</span> · asked {dayText(alert.createdAt)}
          </p>
          <p className="text-sm">
            <span className={`badge badge-sm ${back ? 'badge-success' : 'badge-error'}`}>
              {AVAILABILITY[alert.availability]}
            </span>
          </p>
        </div>
        <form method="post" onSubmit={submit}>
          <input type="hidden" name="productId" value={alert.productId} />
          <BusyButton
            type="submit"
            pending={end.isPending}
            className="btn btn-outline btn-sm"
            aria-label={`Remove the stock alert: ${alert.name}`}
          >
            Remove
          </BusyButton>
        </form>
      </div>
    </div>
  );
}
