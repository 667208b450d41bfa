import { useId } from 'react';
import type { ContactMessage } from '../../../contract/contact.ts';
import { BusyButton } from '../../components/busy-button.tsx';

// In the reader's own time zone: the inbox is drawn in the browser, never on the server.
const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** One Contact Us message: who wrote, how to answer, when, what, and where it stands. */
export function MessageCard({
  message,
  pending,
  onMark,
}: {
  message: ContactMessage;
  pending: boolean;
  onMark: (message: ContactMessage) => void;
}) {
  const nameId = useId();
  const open = message.status === 'open';
  const action = open ? 'Mark done' : 'Reopen';
  return (
    <article
      aria-labelledby={nameId}
      className={`flex flex-col gap-3 rounded-box border bg-base-100 p-4 sm:p-5 ${open ? 'border-primary/60' : 'border-base-300'}`}
    >
      <header className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id={nameId} className="text-lg font-semibold break-words">
            {message.name}
          </h2>
          <a className="link link-primary break-all" href={`mailto:${message.email}`}>
            {message.email}
          </a>
        </div>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <time dateTime={message.at} className="text-base-content/80">
            {when.format(new Date(message.at))}
          </time>
          <span className={`badge badge-sm ${open ? 'badge-primary' : 'badge-ghost'}`}>
            {open ? 'Open' : 'Done'}
          </span>
        </div>
      </header>
      <p className="break-words whitespace-pre-line">{message.message}</p>
      <div>
        <BusyButton
          className={`btn btn-sm ${open ? 'btn-primary' : 'btn-outline'}`}
          pending={pending}
          spinner="xs"
          // Cards repeat: the name says whose message the button marks.
          aria-label={`${action}: the message from ${message.name}`}
          onClick={() => onMark(message)}
        >
          {action}
        </BusyButton>
      </div>
    </article>
  );
}
