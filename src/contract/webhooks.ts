import { z } from 'zod';

/** What the shop tells a webhook endpoint about; an endpoint subscribes to some of them. */
export const webhookEventTypes = [
  'order.placed',
  'order.paid',
  'order.shipped',
  'order.cancelled',
  'invoice.issued',
  'credit_note.issued',
  'stock.changed',
  'product.created',
  'product.updated',
  'product.deleted',
  'quote.requested',
  'company.credit_changed',
] as const;
export const webhookEventType = z.enum(webhookEventTypes);
export type WebhookEventType = z.infer<typeof webhookEventType>;

/** The event "Send test event" delivers to one endpoint, whatever it subscribes to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** pending: not yet taken or waiting for its next try; failed: its retry schedule is spent. */
export const webhookDeliveryStatuses = ['pending', 'delivered', 'failed'] as const;

const webhookUrl = z.url({ protocol: /^https?$/ }).max(2000);

export const webhookCreate = z.strictObject({
  url: webhookUrl,
  events: z.array(webhookEventType).min(1).max(webhookEventTypes.length),
  description: z.string().trim().max(200).optional(),
});

export const webhookUpdate = z.strictObject({
  url: webhookUrl.optional(),
  events: z.array(webhookEventType).min(1).max(webhookEventTypes.length).optional(),
  description: z.string().trim().max(200).optional(),
  enabled: z.boolean().optional(),
});

export const webhookEndpoint = z.object({
  _id: z.string(),
  url: z.string(),
  events: z.array(webhookEventType),
  enabled: z.boolean(),
  description: z.string(),
  createdAt: z.string(),
  /** Why it was disabled by the shop (its deliveries all failed), or null. */
  disabledReason: z.string().nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;

/** The answer to a registration: the signing secret, shown this once. */
export const webhookCreated = webhookEndpoint.extend({ secret: z.string().startsWith('whsec_') });

export const webhookList = z.object({ data: z.array(webhookEndpoint) });

export const webhookDelivery = z.object({
  _id: z.string(),
  eventId: z.string(),
  type: z.string(),
  status: z.enum(webhookDeliveryStatuses),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

export const webhookDeliveries = z.object({ data: z.array(webhookDelivery) });

export const webhookDeleted = z.object({ deleted: z.literal(true) });

export const webhookDeliveryParams = z.object({
  id: z.string().max(100),
  deliveryId: z.string().max(100),
});
