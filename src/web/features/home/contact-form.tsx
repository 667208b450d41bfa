import { Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { ContactInput } from '../../../contract/contact.ts';
import { TextAreaField, TextField } from '../../components/form-fields.tsx';
import { ruleResolver, useFormAnswer } from '../../lib/form-action.ts';
import { notify } from '../../lib/notify.ts';
import { contactRule, useSendContactMessage } from '../contact/api.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';

const empty: ContactInput = { name: '', email: '', message: '' };
const checkInput = ruleResolver(contactRule);

export function ContactForm() {
  const send = useSendContactMessage();
  const live = useHydrated();
  // Sent before the script took over and refused: what was typed, and why (the page's action).
  const answer = useFormAnswer();
  const kept = answer?.values;
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ContactInput>({ resolver: checkInput, defaultValues: { ...empty, ...kept } });
  const error = (name: keyof ContactInput) =>
    errors[name]?.message ?? answer?.fieldErrors[name] ?? undefined;

  const submit = handleSubmit((input) =>
    send.mutate(input, {
      onSuccess: (receipt) => {
        notify('success', receipt.message);
        reset(empty);
      },
      onError: (error) => notify('error', error.message),
    }),
  );

  return (
    <form
      onSubmit={submit}
      // Sent by script; before it has loaded, the page's action sends it (docs/decisions/0018).
      method="post"
      noValidate
      className="flex flex-col gap-4"
      aria-label="Contact us"
      // Its code loads when it comes into view, after the page's: marked once script runs it.
      data-live={live || undefined}
    >
      <TextField
        id="contact-name"
        label="Name"
        placeholder="Your name"
        autoComplete="name"
        defaultValue={kept?.name}
        registration={register('name')}
        error={error('name')}
      />
      <TextField
        id="contact-email"
        label="Email"
        type="email"
        placeholder="email"
        autoComplete="email"
        defaultValue={kept?.email}
        registration={register('email')}
        error={error('email')}
      />
      <TextAreaField
        id="contact-message"
        label="Message"
        rows={4}
        placeholder="Drop a line..."
        defaultValue={kept?.message}
        registration={register('message')}
        error={error('message')}
      />
      {answer?.formError && (
        <p role="alert" className="text-error">
          {answer.formError}
        </p>
      )}
      <button type="submit" className="btn btn-primary self-start" disabled={send.isPending}>
        {send.isPending ? (
          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
        ) : (
          <Send size={18} aria-hidden="true" />
        )}
        {send.isPending ? 'Sending…' : 'Send'}
      </button>
    </form>
  );
}
