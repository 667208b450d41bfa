import { useState } from 'react';
import type { MessageFilter } from './api.ts';

const options: { value: MessageFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'open', label: 'Open' },
  { value: 'done', label: 'Done' },
];

export const isMessageFilter = (value: string | null): value is MessageFilter =>
  options.some((option) => option.value === value);

/** All, Open or Done: a radio group drawn as joined buttons (arrow keys move between them). */
export function MessageFilterChoice({
  value,
  onChange,
}: {
  value: MessageFilter;
  onChange: (value: MessageFilter) => void;
}) {
  // As in Manage All Orders: the address follows the click a moment later, so the choice is
  // shown at once from local state, which follows the address when Back or a link changes it.
  const [shown, setShown] = useState(value);
  const [followed, setFollowed] = useState(value);
  if (value !== followed) {
    setFollowed(value);
    setShown(value);
  }
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 font-medium">Show messages</legend>
      <div className="join">
        {options.map((option) => (
          <input
            key={option.value}
            type="radio"
            name="message-status"
            value={option.value}
            // daisyUI draws the aria-label as the button's text.
            aria-label={option.label}
            className="btn btn-sm join-item"
            checked={shown === option.value}
            onChange={() => {
              setShown(option.value);
              onChange(option.value);
            }}
          />
        ))}
      </div>
    </fieldset>
  );
}
