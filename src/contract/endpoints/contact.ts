import { idParams } from '../common.ts';
import {
  contactInput,
  contactMessage,
  contactMessageList,
  contactMessagePatch,
  contactMessagesQuery,
  contactReceipt,
} from '../contact.ts';
import { endpoint, MINUTE } from '../endpoint.ts';

/** The contact part of the endpoint table (src/contract/endpoints.ts composes every part). */
export const contactEndpoints = {
  contact: endpoint({
    method: 'POST',
    path: '/api/contact',
    access: 'anyone',
    tag: 'contact',
    summary: 'Send a message to the shop (Contact Us form)',
    body: contactInput,
    status: 201,
    response: contactReceipt,
    rateLimit: { max: 5, windowSeconds: 10 * MINUTE, per: 'ip' },
  }),
  contactMessages: endpoint({
    method: 'GET',
    path: '/api/contact-messages',
    access: 'admin',
    tag: 'contact',
    summary: 'The Contact Us inbox, newest first, with how many are still open',
    query: contactMessagesQuery,
    response: contactMessageList,
  }),
  markContactMessage: endpoint({
    method: 'PATCH',
    path: '/api/contact-messages/:id',
    access: 'admin',
    tag: 'contact',
    summary: 'Mark a message done, or open again',
    params: idParams,
    body: contactMessagePatch,
    response: contactMessage,
  }),
} as const;
