import { Eye, EyeOff } from 'lucide-react';
import {
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
} from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { BusyButton } from './busy-button.tsx';

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'> & {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  /** A standing hint under the field (for example the password rule). */
  hint?: string;
};

const describedBy = (...ids: (string | false | undefined)[]) =>
  ids.filter(Boolean).join(' ') || undefined;

function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-sm text-base-content/70">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled input wired to react-hook-form, with its error under it. */
export function TextField({
  id,
  label,
  registration,
  error,
  hint,
  className,
  ...input
}: FieldProps) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <input
        id={id}
        className={`input w-full ${error ? 'input-error' : ''} ${className ?? ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error && `${id}-error`, hint && !error && `${id}-hint`)}
        {...input}
        {...registration}
      />
    </Field>
  );
}

/** A labelled textarea wired to react-hook-form, with its error under it. */
export function TextAreaField({
  id,
  label,
  registration,
  error,
  hint,
  className,
  ...textarea
}: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'name'> &
  Pick<FieldProps, 'id' | 'label' | 'registration' | 'error' | 'hint'>) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <textarea
        id={id}
        className={`textarea w-full ${error ? 'textarea-error' : ''} ${className ?? ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error && `${id}-error`, hint && !error && `${id}-hint`)}
        {...textarea}
        {...registration}
      />
    </Field>
  );
}

/**
 * A masked password input with a button to show what was typed. The button's name avoids the
 * word "password", so the field stays the only thing labelled Password on the page.
 */
export function PasswordField({ id, label, registration, error, hint, ...input }: FieldProps) {
  const [shown, setShown] = useState(false);
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <div className={`input w-full pr-1 ${error ? 'input-error' : ''}`}>
        <input
          id={id}
          type={shown ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(error && `${id}-error`, hint && !error && `${id}-hint`)}
          {...input}
          {...registration}
        />
        <button
          type="button"
          className="btn btn-ghost btn-xs btn-square"
          aria-label="Show characters"
          aria-pressed={shown}
          aria-controls={id}
          onClick={() => setShown(!shown)}
        >
          {shown ? <EyeOff size={16} aria-hidden="true" /> : <Eye size={16} aria-hidden="true" />}
        </button>
      </div>
    </Field>
  );
}

/** The failure of a whole form, in red under it (spec §8). */
export function FormError({ message }: { message: string | null | undefined }) {
  return (
    <p role="alert" className="min-h-6 text-error">
      {message}
    </p>
  );
}

/** A submit button that spins and refuses clicks while its request runs. */
export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <BusyButton type="submit" className="btn btn-primary w-full" pending={pending}>
      {children}
    </BusyButton>
  );
}
