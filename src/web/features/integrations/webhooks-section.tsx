import { useState } from 'react';
import { useActionData } from 'react-router';
import type { z } from 'zod';
import {
  webhookEventTypes,
  type webhookCreated,
  type WebhookEndpoint,
} from '../../../contract/webhooks.ts';
import { SectionSpinner } from '../../components/page-spinner.tsx';
import { SectionCard } from '../../components/section-card.tsx';
import { SectionError } from '../../components/section-error.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { notify } from '../../lib/notify.ts';
import { CreateForm } from './create-form.tsx';
import { ShownOnce } from './shown-once.tsx';
import { WebhookDeliveries } from './webhook-deliveries.tsx';
import { deletedText, enabledText, testSentText, type WebhookAnswer } from './webhooks-actions.ts';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useSendTestEvent,
  useSetWebhookEnabled,
  useWebhooks,
  webhookInputOf,
} from './webhooks-api.ts';

type Created = z.output<typeof webhookCreated>;

const useWebhookAnswer = () => {
  const answer = useActionData<WebhookAnswer | undefined>();
  return answer?.intent === 'create-webhook' ? answer : undefined;
};

/** Webhooks: add an endpoint (its secret shown once), and each endpoint with its log. */
export function WebhooksSection() {
  const answer = useWebhookAnswer();
  const [created, setCreated] = useState<Created | undefined>(answer?.created);
  return (
    <SectionCard
      title="Webhooks"
      description="The shop POSTs each event you pick to your URL, signed by the Standard Webhooks rules, and retries for a day when your receiver does not answer 2xx."
    >
      {created && (
        <ShownOnce
          heading={`Webhooks to ${created.url} are set up.`}
          warning={
            <>
              <strong>Copy the signing secret now: it is not shown again.</strong> Your receiver
              verifies each delivery with it.
            </>
          }
          label="Signing secret"
          inputId="new-webhook-secret"
          value={created.secret}
          copyLabel="Copy the secret"
          onDone={() => setCreated(undefined)}
        />
      )}
      <NewWebhookForm answer={answer} onCreated={setCreated} />
      <WebhookList />
    </SectionCard>
  );
}

function NewWebhookForm({
  answer,
  onCreated,
}: {
  answer: WebhookAnswer | undefined;
  onCreated: (created: Created) => void;
}) {
  const create = useCreateWebhook();
  const kept = answer?.values;
  const error = create.error ? errorMessage(create.error) : (answer?.error ?? null);
  return (
    <CreateForm
      titleId="new-webhook-title"
      title="New webhook endpoint"
      intent="create-webhook"
      submitLabel="Add endpoint"
      pending={create.isPending}
      error={error}
      onSubmit={(data, made) =>
        create.mutate(webhookInputOf(data), {
          onSuccess: (endpoint) => {
            onCreated(endpoint);
            made();
          },
        })
      }
    >
      <div className="flex flex-col gap-1">
        <label htmlFor="webhook-url" className="font-medium">
          URL
        </label>
        <input
          id="webhook-url"
          name="url"
          type="url"
          required
          maxLength={2000}
          placeholder="https://erp.example.com/hooks/ecparts"
          defaultValue={kept?.url}
          aria-describedby="webhook-url-hint"
          className="input w-full"
        />
        <p id="webhook-url-hint" className="text-sm text-base-content/70">
          https, on a public address.
        </p>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="webhook-description" className="font-medium">
          Description (optional)
        </label>
        <input
          id="webhook-description"
          name="description"
          maxLength={200}
          defaultValue={kept?.description}
          className="input w-full"
        />
      </div>
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 font-medium">Events</legend>
        <div className="grid gap-x-4 sm:grid-cols-2">
          {webhookEventTypes.map((type) => (
            <label key={type} className="flex cursor-pointer items-center gap-2 py-1">
              <input
                type="checkbox"
                name="events"
                value={type}
                defaultChecked={kept?.events.includes(type)}
                className="checkbox checkbox-sm"
              />
              <code className="text-sm">{type}</code>
            </label>
          ))}
        </div>
      </fieldset>
    </CreateForm>
  );
}

function WebhookList() {
  const webhooks = useWebhooks();
  if (webhooks.isPending) return <SectionSpinner label="Loading the webhook endpoints" />;
  if (webhooks.isError) return <SectionError error={webhooks.error} />;
  if (webhooks.data.data.length === 0) return <p>No webhook endpoints yet.</p>;
  return (
    <ul aria-label="Webhook endpoints" className="flex flex-col gap-3">
      {webhooks.data.data.map((w) => (
        <WebhookItem key={w._id} endpoint={w} />
      ))}
    </ul>
  );
}

/** A one-button form: with the script it calls at once; before it, it posts to the page. */
function OneClick({
  intent,
  endpoint,
  extra = {},
  label,
  children,
  className,
  onClick,
  pending,
}: {
  intent: string;
  endpoint: WebhookEndpoint;
  extra?: Record<string, string>;
  label: string;
  children: React.ReactNode;
  className: string;
  onClick: () => void;
  pending: boolean;
}) {
  return (
    <form
      method="post"
      onSubmit={(event) => {
        event.preventDefault();
        onClick();
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={endpoint._id} />
      <input type="hidden" name="url" value={endpoint.url} />
      {Object.entries(extra).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={className} aria-label={label} disabled={pending}>
        {children}
      </button>
    </form>
  );
}

function WebhookItem({ endpoint }: { endpoint: WebhookEndpoint }) {
  const toggle = useSetWebhookEnabled();
  const remove = useDeleteWebhook();
  const test = useSendTestEvent();
  const told = (message: string) => ({
    onSuccess: () => notify('success', message),
    onError: (error: Error) => notify('error', errorMessage(error)),
  });
  const { url, enabled } = endpoint;
  return (
    <li aria-label={url} className="flex flex-col gap-3 rounded-box border border-base-300 p-4">
      <div className="min-w-0">
        <h3 className="font-semibold wrap-anywhere">{url}</h3>
        {endpoint.description && <p className="text-sm">{endpoint.description}</p>}
        <p className="text-sm">
          <span className={`badge badge-sm ${enabled ? 'badge-success' : 'badge-ghost'}`}>
            {enabled ? 'On' : 'Paused'}
          </span>
          {endpoint.disabledReason && ` ${endpoint.disabledReason}: the shop paused it.`}
        </p>
        <ul aria-label={`Events sent to ${url}`} className="mt-1 flex flex-wrap gap-1">
          {endpoint.events.map((type) => (
            <li key={type} className="badge badge-outline badge-sm">
              {type}
            </li>
          ))}
        </ul>
      </div>
      <div className="flex flex-wrap gap-2">
        <OneClick
          intent="toggle-webhook"
          endpoint={endpoint}
          extra={{ enabled: String(!enabled) }}
          label={`${enabled ? 'Pause' : 'Turn on'} webhooks to ${url}`}
          className="btn btn-outline btn-sm"
          pending={toggle.isPending}
          onClick={() =>
            toggle.mutate({ id: endpoint._id, enabled: !enabled }, told(enabledText(url, !enabled)))
          }
        >
          {enabled ? 'Pause' : 'Turn on'}
        </OneClick>
        <OneClick
          intent="test-webhook"
          endpoint={endpoint}
          label={`Send a test event to ${url}`}
          className="btn btn-outline btn-sm"
          pending={test.isPending || !enabled}
          onClick={() => test.mutate(endpoint._id, told(testSentText(url)))}
        >
          Send test event
        </OneClick>
        <OneClick
          intent="delete-webhook"
          endpoint={endpoint}
          label={`Delete the webhook endpoint ${url}`}
          className="btn btn-outline btn-error btn-sm"
          pending={remove.isPending}
          onClick={() => {
            if (window.confirm(`Delete ${url} and its delivery log?`)) {
              remove.mutate(endpoint._id, told(deletedText(url)));
            }
          }}
        >
          Delete
        </OneClick>
      </div>
      <details>
        <summary className="cursor-pointer font-medium">Delivery log</summary>
        <div className="mt-2">
          <WebhookDeliveries endpoint={endpoint} />
        </div>
      </details>
    </li>
  );
}
