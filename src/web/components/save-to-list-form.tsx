import { useId, useState, type FormEvent } from 'react';
import { LIST_LINE_FIELD, MAX_LIST_NAME } from '../../contract/saved-lists.ts';
import { useFormAnswer } from '../lib/form-action.ts';
import { BusyButton } from './busy-button.tsx';

/** The intent a posted Save to list carries, beside a page's other forms. */
export const SAVE_TO_LIST_INTENT = 'save-to-list';

type Line = { productId: string; quantity: number };
type ListChoice = { _id: string; name: string; shared: boolean };

/** What the form needs of the lists feature (features/lists/api.ts, useSaveToListForm). */
export type SaveToListControl = {
  lists: readonly ListChoice[];
  pending: boolean;
  error: string | null;
  /** The form's text fields, as a posted form sends them; answers the list saved into. */
  submit: (fields: Record<string, string>, saved: (listId: string) => void) => void;
};

/**
 * "Save to list": these parts (one from a product page, every line of a cart or an order) into
 * a list of the buyer's, or a new one named here. A product page lets the quantity be typed.
 * Without the script the form posts to the page's action, which saves it the same way.
 */
export function SaveToListForm({
  control,
  lines,
  editableQuantity = false,
  summary = 'Save to list',
}: {
  control: SaveToListControl;
  lines: Line[];
  /** One part whose quantity the buyer types (the product page). */
  editableQuantity?: boolean;
  summary?: string;
}) {
  const id = useId();
  const answer = useFormAnswer();
  const mine = answer?.values.intent === SAVE_TO_LIST_INTENT ? answer : undefined;
  const [choice, setChoice] = useState(mine?.values.listId ?? '');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (control.pending) return;
    const fields: Record<string, string> = {};
    for (const [name, value] of new FormData(event.currentTarget)) {
      if (typeof value === 'string') fields[name] = value;
    }
    control.submit(fields, setChoice);
  };

  const shownError =
    control.error ?? mine?.formError ?? Object.values(mine?.fieldErrors ?? {})[0] ?? null;
  const first = lines[0];
  return (
    <details className="rounded-box border border-base-300 bg-base-100 p-3" open={!!mine}>
      <summary className="cursor-pointer font-medium">{summary}</summary>
      <form
        method="post"
        noValidate
        onSubmit={submit}
        aria-label={summary}
        className="mt-3 flex flex-col gap-3"
      >
        <input type="hidden" name="intent" value={SAVE_TO_LIST_INTENT} />
        {editableQuantity && first ? (
          <label className="flex flex-col gap-1" htmlFor={`${id}-qty`}>
            <span className="font-medium">Quantity to save</span>
            <input
              id={`${id}-qty`}
              type="number"
              inputMode="numeric"
              min={1}
              name={`${LIST_LINE_FIELD}${first.productId}`}
              defaultValue={first.quantity}
              className="input w-full sm:w-40"
            />
          </label>
        ) : (
          lines.map((line) => (
            <input
              key={line.productId}
              type="hidden"
              name={`${LIST_LINE_FIELD}${line.productId}`}
              value={line.quantity}
            />
          ))
        )}
        <label className="flex flex-col gap-1" htmlFor={`${id}-list`}>
          <span className="font-medium">List</span>
          <select
            id={`${id}-list`}
            name="listId"
            className="select w-full"
            value={choice}
            onChange={(e) => setChoice(e.target.value)}
          >
            <option value="">A new list…</option>
            {control.lists.map((list) => (
              <option key={list._id} value={list._id}>
                {list.name}
                {list.shared ? ' (shared)' : ''}
              </option>
            ))}
          </select>
        </label>
        {choice === '' && (
          <label className="flex flex-col gap-1" htmlFor={`${id}-name`}>
            <span className="font-medium">New list name</span>
            <input
              id={`${id}-name`}
              name="newName"
              maxLength={MAX_LIST_NAME}
              defaultValue={mine?.values.newName ?? ''}
              placeholder="Weekly consumables"
              className="input w-full"
            />
          </label>
        )}
        <BusyButton
          type="submit"
          className="btn btn-outline btn-primary self-start"
          pending={control.pending}
        >
          Save to list
        </BusyButton>
        {shownError && (
          <p role="alert" className="text-sm text-error">
            {shownError}
          </p>
        )}
      </form>
    </details>
  );
}
