import { z } from 'zod';
import { pageInfo, pagingQuery } from './common.ts';

export const contactInput = z.object({
  name: z.string().trim().min(1, 'Please enter your name').max(100, 'Name is too long'),
  email: z.email('Please enter a valid email').max(254),
  message: z
    .string()
    .trim()
    .min(1, 'Please write a message')
    .max(5000, 'Message is too long (5000 characters at most)'),
});
export type ContactInput = z.infer<typeof contactInput>;

export const contactReceipt = z.object({ _id: z.string(), message: z.string() });
export type ContactReceipt = z.infer<typeof contactReceipt>;

/** Where a message stands in the admin inbox. */
export const contactStatuses = ['open', 'done'] as const;
export type ContactStatus = (typeof contactStatuses)[number];

export const contactMessage = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  at: z.iso.datetime(),
  status: z.enum(contactStatuses),
});
export type ContactMessage = z.infer<typeof contactMessage>;

/** GET /contact-messages: the inbox, newest first; `open` ones by default would hide history. */
export const contactMessagesQuery = pagingQuery.extend({
  status: z.enum(['all', ...contactStatuses]).default('all'),
});
export type ContactMessagesQuery = z.infer<typeof contactMessagesQuery>;

export const contactMessageList = pageInfo.extend({
  data: z.array(contactMessage),
  open: z.number().int().describe('messages still open, whatever the filter: the unread count'),
});
export type ContactMessageList = z.infer<typeof contactMessageList>;

export const contactMessagePatch = z.object({ status: z.enum(contactStatuses) });
export type ContactMessagePatch = z.infer<typeof contactMessagePatch>;
