import { idParams } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import {
  webhookCreate,
  webhookCreated,
  webhookDeleted,
  webhookDeliveries,
  webhookDelivery,
  webhookDeliveryParams,
  webhookEndpoint,
  webhookList,
  webhookUpdate,
} from '../webhooks.ts';

/**
 * The webhooks part of the endpoint table (src/contract/endpoints.ts composes every part).
 * docs/decisions/0030-webhooks-outbox.md says how events are written and delivered.
 */
export const webhooksEndpoints = {
  createWebhook: endpoint({
    method: 'POST',
    path: '/api/webhooks',
    access: 'admin',
    scopes: ['webhooks:manage'],
    tag: 'webhooks',
    summary:
      'Register a webhook endpoint for some events; the answer holds its signing secret, shown this once (400 when the URL is not https or its host is a private address)',
    body: webhookCreate,
    status: 201,
    response: webhookCreated,
  }),
  listWebhooks: endpoint({
    method: 'GET',
    path: '/api/webhooks',
    access: 'admin',
    scopes: ['webhooks:manage'],
    tag: 'webhooks',
    summary: 'The webhook endpoints (never their secrets)',
    response: webhookList,
  }),
  updateWebhook: endpoint({
    method: 'PATCH',
    path: '/api/webhooks/:id',
    access: 'admin',
    scopes: ['webhooks:manage'],
    tag: 'webhooks',
    summary: 'Change a webhook endpoint: its URL, events, description, or enable or disable it',
    params: idParams,
    body: webhookUpdate,
    response: webhookEndpoint,
  }),
  deleteWebhook: endpoint({
    method: 'DELETE',
    path: '/api/webhooks/:id',
    access: 'admin',
    scopes: ['webhooks:manage'],
    tag: 'webhooks',
    summary: 'Delete a webhook endpoint and its delivery log',
    params: idParams,
    response: webhookDeleted,
  }),
  listWebhookDeliveries: endpoint({
    method: 'GET',
    path: '/api/webhooks/:id/deliveries',
    access: 'admin',
    scopes: ['webhooks:manage'],
    tag: 'webhooks',
    summary: "A webhook endpoint's delivery log, newest first (the last 100)",
    params: idParams,
    response: webhookDeliveries,
  }),
  redeliverWebhook: endpoint({
    method: 'POST',
    path: '/api/webhooks/:id/deliveries/:deliveryId/redeliver',
    access: 'admin',
    scopes: ['webhooks:manage'],
    tag: 'webhooks',
    summary:
      'Send a delivery again now, with the same event id; a failure starts the retry schedule again',
    params: webhookDeliveryParams,
    status: 202,
    response: webhookDelivery,
  }),
  testWebhook: endpoint({
    method: 'POST',
    path: '/api/webhooks/:id/test',
    access: 'admin',
    scopes: ['webhooks:manage'],
    tag: 'webhooks',
    summary: 'Send a `webhook.test` event to this endpoint now; its delivery is in the log',
    params: idParams,
    status: 202,
    response: webhookDelivery,
  }),
} as const;
