import type { ContactMessage } from '../../../contract/contact.ts';
import { counted, PagedList } from '../../components/paged-list.tsx';
import { SegmentedFilter } from '../../components/segmented-filter.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { useListParams } from '../../lib/list-params.ts';
import { notify } from '../../lib/notify.ts';
import { PageMeta } from '../../lib/page-meta.tsx';
import { useMarkMessage, useMessages, type MessageFilter } from './api.ts';
import { MessageCard } from './message-card.tsx';
import { isMessageFilter, messageFilters } from './message-filter.ts';

const PAGE_SIZE = 20;

const emptyText: Record<MessageFilter, string> = {
  all: 'No messages yet.',
  open: 'No open messages: every message has been answered.',
  done: 'No messages marked done yet.',
};

/** The Contact Us inbox: what visitors wrote, newest first; done once someone has answered. */
export function MessagesPage() {
  const { page, get, update, paging } = useListParams();
  const raw = get('status');
  const status: MessageFilter = isMessageFilter(raw) ? raw : 'all';
  const messages = useMessages({ status, page, limit: PAGE_SIZE });
  const mark = useMarkMessage();

  const toggle = (message: ContactMessage) => {
    const next = message.status === 'open' ? 'done' : 'open';
    mark.mutate(
      { id: message._id, status: next },
      {
        onSuccess: () =>
          notify(
            'success',
            next === 'done'
              ? `The message from ${message.name} is marked done.`
              : `The message from ${message.name} is open again.`,
          ),
        onError: (error) => notify('error', errorMessage(error)),
      },
    );
  };
  const open = messages.data?.open;

  return (
    <section className="flex flex-col gap-6">
      <PageMeta
        title="Messages"
        description="Messages sent through the ECParts Contact Us form, newest first."
      />
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold">Messages</h1>
        {open !== undefined && (
          <p className="text-base-content/80" aria-live="polite">
            {open === 0 ? 'No open messages' : `${counted(open, 'open message', 'open messages')}`}
          </p>
        )}
      </div>
      <SegmentedFilter
        legend="Show messages"
        name="message-status"
        options={messageFilters}
        value={status}
        onChange={(next) => update({ status: next === 'all' ? undefined : next })}
      />
      <PagedList
        result={messages}
        {...paging}
        loadingLabel="Loading messages"
        emptyText={emptyText[status]}
        count={(n) => `${counted(n, 'message', 'messages')}, newest first`}
      >
        {(rows) => (
          <ul className="flex flex-col gap-4">
            {rows.map((message) => (
              <li key={message._id}>
                <MessageCard
                  message={message}
                  pending={mark.isPending && mark.variables.id === message._id}
                  onMark={toggle}
                />
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </section>
  );
}
