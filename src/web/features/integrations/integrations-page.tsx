import type { LoaderFunctionArgs } from 'react-router';
import { DashboardSection } from '../../components/dashboard-section.tsx';
import { intentAction } from '../../lib/intent-action.ts';
import { ensureSignedIn, pageOf } from '../../lib/page-context.ts';
import { apiKeyIntents } from './api-keys-actions.ts';
import { apiKeysQuery } from './api-keys-api.ts';
import { ApiKeysSection } from './api-keys-section.tsx';
import { webhookIntents } from './webhooks-actions.ts';
import { webhooksQuery } from './webhooks-api.ts';
import { WebhooksSection } from './webhooks-section.tsx';

// Dashboard, Integrations (issue 33): how the wholesaler's other systems reach the shop. Each
// part is a section of its own, with its queries in the loader and its forms' intents in the
// action: webhooks join as a sibling of the API keys.

export function loader({ context }: LoaderFunctionArgs) {
  const page = pageOf(context);
  return ensureSignedIn(page, () => [apiKeysQuery(page.call), webhooksQuery(page.call)]);
}

/** The page's forms posted before the script took over, told apart by their `intent`. */
export const action = intentAction({ ...apiKeyIntents, ...webhookIntents });

export function IntegrationsPage() {
  return (
    <DashboardSection
      title="Integrations"
      description="How your ERP, warehouse or bookkeeping systems reach the shop: keys to call its API, and webhooks that tell them what happens."
    >
      <ApiKeysSection />
      <WebhooksSection />
    </DashboardSection>
  );
}
