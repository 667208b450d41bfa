import { Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { ContactInput } from '../../../contract/contact.ts';
import { lazySchemaResolver } from '../../lib/lazy-schema-resolver.ts';
import { notify } from '../../lib/notify.ts';
import { useSendContactMessage } from '../contact/api.ts';
import { FieldError } from './field-error.tsx';

const empty: ContactInput = { name: '', email: '', message: '' };
const checkInput = lazySchemaResolver<ContactInput>(async () => {
  const { contactInput } = await import('../../../contract/contact.ts');
  return contactInput;
});

export function ContactForm() {
  const send = useSendContactMessage();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ContactInput>({ resolver: checkInput, defaultValues: empty });

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
      // Sent by script; before it has loaded, a POST keeps what was typed out of the address.
      method="post"
      noValidate
      className="flex flex-col gap-4"
      aria-label="Contact us"
    >
      <div className="flex flex-col gap-1">
        <label htmlFor="contact-name" className="font-medium">
          Name
        </label>
        <input
          id="contact-name"
          type="text"
          placeholder="Your name"
          autoComplete="name"
          className={`input w-full ${errors.name ? 'input-error' : ''}`}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? 'contact-name-error' : undefined}
          {...register('name')}
        />
        <FieldError id="contact-name-error" message={errors.name?.message} />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="contact-email" className="font-medium">
          Email
        </label>
        <input
          id="contact-email"
          type="email"
          placeholder="email"
          autoComplete="email"
          className={`input w-full ${errors.email ? 'input-error' : ''}`}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? 'contact-email-error' : undefined}
          {...register('email')}
        />
        <FieldError id="contact-email-error" message={errors.email?.message} />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="contact-message" className="font-medium">
          Message
        </label>
        <textarea
          id="contact-message"
          rows={4}
          placeholder="Drop a line..."
          className={`textarea w-full ${errors.message ? 'textarea-error' : ''}`}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? 'contact-message-error' : undefined}
          {...register('message')}
        />
        <FieldError id="contact-message-error" message={errors.message?.message} />
      </div>
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
