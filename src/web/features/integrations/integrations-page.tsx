import type { LoaderFunctionArgs } from 'react-router';
import { DashboardSection } from '../../components/dashboard-section.tsx';
import { intentAction } from '../../lib/intent-action.ts';
import { ensureSignedIn, pageOf } from '../../lib/page-context.ts';
import { apiKeyIntents } from './api-keys-actions.ts';
import { apiKeysQuery } from './api-keys-api.ts';
import { ApiKeysSection } from './api-keys-section.tsx';

// Dashboard, Integrations (issue 33): how the wholesaler's other systems reach the shop. Each
// part is a section of its own, with its queries in the loader and its forms' intents in the
// action: webhooks join as a sibling of the API keys.

export function loader({ context }: LoaderFunctionArgs) {
  const page = pageOf(context);
  return ensureSignedIn(page, () => [apiKeysQuery(page.call)]);
}

/** The page's forms posted before the script took over, told apart by their `intent`. */
export const action = intentAction({ ...apiKeyIntents });

export function IntegrationsPage() {
  return (
    <DashboardSection
      title="Integrations"
      description="Keys for your ERP, warehouse or bookkeeping systems to call the shop's API."
    >
      <ApiKeysSection />
    </DashboardSection>
  );
}
