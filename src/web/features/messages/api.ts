import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContactMessagesQuery, ContactStatus } from '../../../contract/contact.ts';
import { call } from '../../lib/api-client.ts';
import { useListWrite, usePagedQuery } from '../../lib/paged-query.ts';

// The Contact Us inbox (admins): GET /contact-messages and PATCH /contact-messages/{id}.

export type MessageSearch = ContactMessagesQuery;
export type MessageFilter = MessageSearch['status'];

/** Under one key, so marking a message refreshes the page and the menu's count together. */
export const messageKeys = {
  all: ['admin', 'messages'] as const,
  page: (search: MessageSearch) => ['admin', 'messages', 'page', search] as const,
  openCount: ['admin', 'messages', 'open'] as const,
};

export const fetchMessages = (search: MessageSearch, signal?: AbortSignal) =>
  call('GET /api/contact-messages', { query: search, signal });

/** How often the menu asks again how many messages are open. */
const OPEN_COUNT_EVERY_MS = 60_000;

const openCountQuery = queryOptions({
  queryKey: messageKeys.openCount,
  // Every answer carries the open count; one row is the least a page can be.
  queryFn: async ({ signal }) =>
    (await fetchMessages({ status: 'open', page: 1, limit: 1 }, signal)).open,
  staleTime: 0,
  refetchInterval: OPEN_COUNT_EVERY_MS,
});

// New messages arrive from visitors.
export const useMessages = (search: MessageSearch) =>
  usePagedQuery(messageKeys.page(search), (signal) => fetchMessages(search, signal), {
    alwaysFresh: true,
  });

export const useOpenMessageCount = () => useQuery(openCountQuery);

export const useMarkMessage = () =>
  useListWrite(
    ({ id, status }: { id: string; status: ContactStatus }) =>
      call('PATCH /api/contact-messages/:id', { params: { id }, body: { status } }),
    () => [messageKeys.all],
  );
