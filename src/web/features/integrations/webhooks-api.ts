import { sitePaths } from '../../../contract/site-paths.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  webhookEventTypes,
  type webhookCreate,
  type WebhookEventType,
} from '../../../contract/webhooks.ts';
import { call, type Call } from '../../lib/api-client.ts';
import { useListWrite } from '../../lib/paged-query.ts';

// Dashboard, Integrations, webhooks: the endpoints, their delivery logs, redeliver and the test
// event (admins). docs/decisions/0030-webhooks-outbox.md.

/** The Integrations page (sitePaths.integrations once the API keys' page is merged). */
export const INTEGRATIONS_PATH = sitePaths.integrations;

export type WebhookInput = z.input<typeof webhookCreate>;

// The list's key is no prefix of a log's: refreshing the list after a delete must not ask for
// the log of the endpoint that is gone (a 404).
export const webhookKeys = {
  all: ['admin', 'webhooks'] as const,
  deliveries: (id: string) => ['admin', 'webhook-deliveries', id] as const,
};

export const webhooksQuery = (via: Call = call) =>
  queryOptions({
    queryKey: webhookKeys.all,
    queryFn: ({ signal }) => via('GET /api/webhooks', { signal }),
  });

export const deliveriesQuery = (id: string, via: Call = call) =>
  queryOptions({
    queryKey: webhookKeys.deliveries(id),
    queryFn: ({ signal }) => via('GET /api/webhooks/:id/deliveries', { params: { id }, signal }),
  });

export const useWebhooks = () => useQuery(webhooksQuery());
export const useDeliveries = (id: string) => useQuery(deliveriesQuery(id));

export const createWebhook = (via: Call, body: WebhookInput) => via('POST /api/webhooks', { body });

export const setWebhookEnabled = (via: Call, id: string, enabled: boolean) =>
  via('PATCH /api/webhooks/:id', { params: { id }, body: { enabled } });

export const deleteWebhook = (via: Call, id: string) =>
  via('DELETE /api/webhooks/:id', { params: { id } });

export const redeliver = (via: Call, id: string, deliveryId: string) =>
  via('POST /api/webhooks/:id/deliveries/:deliveryId/redeliver', {
    params: { id, deliveryId },
  });

export const sendTestEvent = (via: Call, id: string) =>
  via('POST /api/webhooks/:id/test', { params: { id } });

export const useCreateWebhook = () =>
  useListWrite(
    (body: WebhookInput) => createWebhook(call, body),
    () => [webhookKeys.all],
  );

export const useSetWebhookEnabled = () =>
  useListWrite(
    ({ id, enabled }: { id: string; enabled: boolean }) => setWebhookEnabled(call, id, enabled),
    () => [webhookKeys.all],
  );

export const useDeleteWebhook = () =>
  useListWrite(
    (id: string) => deleteWebhook(call, id),
    () => [webhookKeys.all],
  );

export const useRedeliver = () =>
  useListWrite(
    ({ id, deliveryId }: { id: string; deliveryId: string }) => redeliver(call, id, deliveryId),
    ({ id }) => [webhookKeys.deliveries(id)],
  );

export const useSendTestEvent = () =>
  useListWrite(
    (id: string) => sendTestEvent(call, id),
    (id) => [webhookKeys.deliveries(id)],
  );

/** What the form sends as the API takes it: the URL, the checked events and the description. */
export function webhookInputOf(fields: FormData): WebhookInput {
  const description = String(fields.get('description') ?? '').trim();
  return {
    url: String(fields.get('url') ?? '').trim(),
    events: fields
      .getAll('events')
      .map(String)
      .filter((e): e is WebhookEventType => (webhookEventTypes as readonly string[]).includes(e)),
    ...(description ? { description } : {}),
  };
}
