import type { FormEvent, ReactNode } from 'react';
import { BusyButton } from '../../components/busy-button.tsx';
import { FormError } from '../../components/form-fields.tsx';

/**
 * The Integrations page's forms that make something (a key, a webhook endpoint): posted to the
 * page's action without script, sent by `onSubmit` with it, and emptied once it is made.
 */
export function CreateForm({
  titleId,
  title,
  intent,
  submitLabel,
  pending,
  error,
  onSubmit,
  children,
}: {
  titleId: string;
  title: string;
  intent: string;
  submitLabel: string;
  pending: boolean;
  error: string | null;
  /** Sends the form's data; `made` empties the form. */
  onSubmit: (data: FormData, made: () => void) => void;
  children: ReactNode;
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    onSubmit(new FormData(form), () => form.reset());
  };
  return (
    <form
      method="post"
      onSubmit={submit}
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-box border border-base-300 p-4"
    >
      <h3 id={titleId} className="font-semibold">
        {title}
      </h3>
      <input type="hidden" name="intent" value={intent} />
      {children}
      <FormError message={error} />
      <BusyButton type="submit" className="btn btn-primary self-start" pending={pending}>
        {submitLabel}
      </BusyButton>
    </form>
  );
}
