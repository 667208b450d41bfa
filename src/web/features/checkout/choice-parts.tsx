import type { ReactNode } from 'react';
import { Form, useSubmit } from 'react-router';
import { CardSection } from '../../components/card-section.tsx';

// The pieces the checkout's steps share: a numbered step, and a form of choices that keeps
// the others.

export function Step({
  number,
  title,
  id,
  children,
}: {
  number: number;
  title: string;
  id: string;
  children: ReactNode;
}) {
  return (
    <CardSection
      id={id}
      heading={
        <>
          <span
            className="flex size-7 items-center justify-center rounded-full bg-primary text-sm text-primary-content"
            aria-hidden="true"
          >
            {number}
          </span>
          {title}
        </>
      }
      roomy
    >
      {children}
    </CardSection>
  );
}

/**
 * A step's radios as a GET form: the choice goes into the page's address with the others
 * (`keep`), so the page can be reloaded, shared and used before the script. With the script
 * a change sends it at once; before it, the button under the radios does.
 */
export function ChoiceForm({
  label,
  keep,
  resetOn,
  button,
  children,
}: {
  label: string;
  keep: Record<string, string | undefined>;
  resetOn?: string;
  button: string;
  children: ReactNode;
}) {
  const submit = useSubmit();
  return (
    <Form
      method="get"
      replace
      preventScrollReset
      aria-label={label}
      // Drawn afresh when its choices are others (another ship-to has other methods), so each
      // radio starts from the page's address; not on its own change, where focus must stay.
      key={resetOn}
      onChange={(event) => submit(firstOfEach(event.currentTarget), SEND)}
      className="flex flex-col gap-3"
    >
      {Object.entries(keep).map(
        ([name, value]) => value && <input key={name} type="hidden" name={name} value={value} />,
      )}
      <fieldset className="flex flex-col gap-2">
        <legend className="sr-only">{label}</legend>
        {children}
      </fieldset>
      {/* Only until the app has taken over (main.tsx marks the page ready): then a change sends. */}
      <button type="submit" className="btn btn-outline btn-sm self-start [[data-ready]_&]:hidden">
        {button}
      </button>
    </Form>
  );
}

const SEND = { method: 'get', replace: true, preventScrollReset: true } as const;

/**
 * The form's fields, the first value of each name only: the billing step sends its box before
 * its fallback 'other' (BillingStep), and the page's address keeps the one that counts.
 */
function firstOfEach(form: HTMLFormElement) {
  const fields = new URLSearchParams();
  for (const [name, value] of new FormData(form)) {
    if (!fields.has(name) && typeof value === 'string') fields.set(name, value);
  }
  return fields;
}
