import type { LoaderFunctionArgs } from 'react-router';
import { DashboardSection } from '../../components/dashboard-section.tsx';
import { intentAction } from '../../lib/intent-action.ts';
import { ensureSignedIn, pageOf } from '../../lib/page-context.ts';
import { webhookIntents } from './webhooks-actions.ts';
import { webhooksQuery } from './webhooks-api.ts';
import { WebhooksSection } from './webhooks-section.tsx';

// TEMPORARY (branch webhooks): stands in for the Integrations page the API keys' branch builds.
// On merge, that page mounts <WebhooksSection /> beside <ApiKeysSection />, adds
// webhooksQuery(page.call) to its loader and ...webhookIntents to its action, and this file and
// its route go.

export function loader({ context }: LoaderFunctionArgs) {
  const page = pageOf(context);
  return ensureSignedIn(page, () => [webhooksQuery(page.call)]);
}

export const action = intentAction({ ...webhookIntents });

export function WebhooksPage() {
  return (
    <DashboardSection
      title="Integrations"
      description="How your ERP, warehouse or bookkeeping systems hear of what happens in the shop."
    >
      <WebhooksSection />
    </DashboardSection>
  );
}
