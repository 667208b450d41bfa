import { data, redirect, type ActionFunctionArgs } from 'react-router';
import type { z } from 'zod';
import type { webhookCreated } from '../../../contract/webhooks.ts';
import { ApiError } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { pageOf } from '../../lib/page-context.ts';
import {
  createWebhook,
  deleteWebhook,
  INTEGRATIONS_PATH,
  redeliver,
  sendTestEvent,
  setWebhookEnabled,
  webhookInputOf,
} from './webhooks-api.ts';

/**
 * What the page is drawn again with after "Add endpoint" posted before the script took over:
 * the new endpoint with its secret (its one showing: no redirect), or the refusal with what was
 * typed.
 */
export type WebhookAnswer = {
  intent: 'create-webhook';
  created?: z.output<typeof webhookCreated>;
  error?: string;
  values?: { url: string; description: string; events: string[] };
};

async function create({ request, context }: ActionFunctionArgs) {
  const fields = await request.formData();
  try {
    const created = await createWebhook(pageOf(context).call, webhookInputOf(fields));
    return data<WebhookAnswer>({ intent: 'create-webhook', created });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const values = {
      url: String(fields.get('url') ?? ''),
      description: String(fields.get('description') ?? ''),
      events: fields.getAll('events').map(String),
    };
    return data<WebhookAnswer>(
      { intent: 'create-webhook', error: errorMessage(error), values },
      { status: error.status || 500 },
    );
  }
}

/** A one-button form: does its call, says how it went, and back to the page. */
const oneClick =
  (act: (fields: FormData, args: ActionFunctionArgs) => Promise<string>) =>
  async (args: ActionFunctionArgs) => {
    const fields = await args.request.formData();
    const page = pageOf(args.context);
    try {
      page.flash?.({ kind: 'success', message: await act(fields, args) });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      page.flash?.({ kind: 'error', message: errorMessage(error) });
    }
    return redirect(INTEGRATIONS_PATH, 303);
  };

const field = (fields: FormData, name: string) => String(fields.get(name) ?? '');

export const enabledText = (url: string, enabled: boolean) =>
  enabled ? `Webhooks to ${url} are on again.` : `Webhooks to ${url} are paused.`;
export const deletedText = (url: string) => `The webhook endpoint ${url} is deleted.`;
export const redeliverText = 'The delivery is sent again.';
export const testSentText = (url: string) => `A test event is on its way to ${url}.`;

/** The webhooks section's forms, by their `intent`, for the Integrations page's action. */
export const webhookIntents = {
  'create-webhook': () => create,
  'toggle-webhook': () =>
    oneClick(async (fields, { context }) => {
      const enabled = field(fields, 'enabled') === 'true';
      await setWebhookEnabled(pageOf(context).call, field(fields, 'id'), enabled);
      return enabledText(field(fields, 'url'), enabled);
    }),
  'delete-webhook': () =>
    oneClick(async (fields, { context }) => {
      await deleteWebhook(pageOf(context).call, field(fields, 'id'));
      return deletedText(field(fields, 'url'));
    }),
  'redeliver-webhook': () =>
    oneClick(async (fields, { context }) => {
      await redeliver(pageOf(context).call, field(fields, 'id'), field(fields, 'deliveryId'));
      return redeliverText;
    }),
  'test-webhook': () =>
    oneClick(async (fields, { context }) => {
      await sendTestEvent(pageOf(context).call, field(fields, 'id'));
      return testSentText(field(fields, 'url'));
    }),
};
