import { WEBHOOK_TEST_EVENT } from '../../../contract/webhooks.ts';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import type { Handlers } from '../../http/handler.ts';
import { isUuid } from '../../lib/ids.ts';
import { webhookUrlProblem } from '../../lib/webhook-url.ts';
import { writeEvent } from '../../modules/webhooks/outbox.ts';
import {
  deleteEndpoint,
  deliveriesOf,
  deliveryAnswer,
  endpointAnswer,
  findDelivery,
  findEndpoint,
  insertEndpoint,
  listEndpoints,
  newWebhookSecret,
  reopenDelivery,
  updateEndpoint,
} from '../../modules/webhooks/repository.ts';
import { handOverTry, type DeliveryQueue } from './hand-over.ts';

type Deps = { db: Db; queue: DeliveryQueue; allowPrivate: boolean };

/** Webhook endpoints, their delivery log, redeliver and a test event (admins). */
export const webhookEndpointHandlers = ({
  db,
  queue,
  allowPrivate,
}: Deps): Handlers<
  | 'createWebhook'
  | 'listWebhooks'
  | 'updateWebhook'
  | 'deleteWebhook'
  | 'listWebhookDeliveries'
  | 'redeliverWebhook'
  | 'testWebhook'
> => {
  // SSRF: refused at registration with the reason (and judged again at every try).
  const checkUrl = async (url: string) => {
    const problem = await webhookUrlProblem(url, { allowPrivate });
    if (problem) throw new AppError('bad_request', problem);
  };
  const endpointOr404 = async (id: string) => {
    const row = isUuid(id) ? await findEndpoint(db, id) : undefined;
    if (!row) throw notFound('Webhook endpoint');
    return row;
  };
  return {
    createWebhook: async ({ body }) => {
      await checkUrl(body.url);
      const secret = newWebhookSecret();
      const row = await insertEndpoint(db, {
        url: body.url,
        events: [...new Set(body.events)],
        description: body.description ?? '',
        secret,
      });
      return { ...endpointAnswer(row), secret };
    },
    listWebhooks: async () => ({ data: (await listEndpoints(db)).map(endpointAnswer) }),
    updateWebhook: async ({ params, body }) => {
      await endpointOr404(params.id);
      if (body.url !== undefined) await checkUrl(body.url);
      const row = await updateEndpoint(db, params.id, {
        ...body,
        ...(body.events ? { events: [...new Set(body.events)] } : {}),
      });
      if (!row) throw notFound('Webhook endpoint');
      return endpointAnswer(row);
    },
    deleteWebhook: async ({ params }) => {
      if (!(isUuid(params.id) && (await deleteEndpoint(db, params.id)))) {
        throw notFound('Webhook endpoint');
      }
      return { deleted: true as const };
    },
    listWebhookDeliveries: async ({ params }) => {
      await endpointOr404(params.id);
      return { data: (await deliveriesOf(db, params.id)).map(deliveryAnswer) };
    },
    redeliverWebhook: async ({ params }) => {
      const endpoint = await endpointOr404(params.id);
      if (!endpoint.enabled) {
        throw new AppError('conflict', 'The endpoint is disabled: enable it first.');
      }
      const reopened = isUuid(params.deliveryId)
        ? await reopenDelivery(db, endpoint.id, params.deliveryId)
        : undefined;
      if (!reopened) throw notFound('Delivery');
      await handOverTry(db, queue, reopened.id, reopened.attempts + 1);
      const row = await findDelivery(db, endpoint.id, reopened.id);
      if (!row) throw notFound('Delivery');
      return deliveryAnswer(row);
    },
    testWebhook: async ({ params, user }) => {
      const endpoint = await endpointOr404(params.id);
      if (!endpoint.enabled) {
        throw new AppError('conflict', 'The endpoint is disabled: enable it first.');
      }
      const written = await writeEvent(
        db,
        WEBHOOK_TEST_EVENT,
        { message: 'A test event from ECParts', endpointId: endpoint.id, sentBy: user.email },
        [endpoint.id],
      );
      const delivery = written.deliveries[0];
      if (!delivery) throw notFound('Webhook endpoint');
      await handOverTry(db, queue, delivery.id, 1);
      return deliveryAnswer({ ...delivery, type: written.event.type });
    },
  };
};
