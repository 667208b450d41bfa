import { Eye, EyeOff } from 'lucide-react';
import {
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
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

/** What ties a control to its label, and to the hint or error under it. */
const linked = (id: string, error: string | undefined, hint: string | undefined) => ({
  id,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': describedBy(error && `${id}-error`, hint && !error && `${id}-hint`),
});

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

type ControlProps = Pick<FieldProps, 'id' | 'label' | 'registration' | 'error' | 'hint'> & {
  className?: string;
};

const errorClass = {
  input: 'input-error',
  textarea: 'textarea-error',
  select: 'select-error',
} as const;

/**
 * A field's control, an input, a textarea or a select (its options the children), under its
 * label and over its hint or error.
 */
function LabelledControl({
  kind,
  id,
  label,
  registration,
  error,
  hint,
  className,
  ...attributes
}: ControlProps & { kind: keyof typeof errorClass; children?: ReactNode }) {
  const control = {
    className: `${kind} w-full ${error ? errorClass[kind] : ''} ${className ?? ''}`,
    ...linked(id, error, hint),
    ...attributes,
    ...registration,
  };
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      {kind === 'input' ? (
        <input {...control} />
      ) : kind === 'textarea' ? (
        <textarea {...control} />
      ) : (
        <select {...control} />
      )}
    </Field>
  );
}

/** A labelled input wired to react-hook-form, with its error under it: a text box unless typed. */
export function TextField(props: FieldProps) {
  return <LabelledControl kind="input" type="text" {...props} />;
}

/**
 * A labelled number input (register it with `valueAsNumber`): a whole-number step brings up a
 * phone's digit pad, a finer one its decimal pad.
 */
export function NumberField({
  step,
  ...props
}: Omit<FieldProps, 'type' | 'inputMode'> & { step: number }) {
  return (
    <TextField
      type="number"
      inputMode={Number.isInteger(step) ? 'numeric' : 'decimal'}
      step={step}
      {...props}
    />
  );
}

/** A labelled textarea wired to react-hook-form, with its error under it. */
export function TextAreaField(
  props: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'name'> & ControlProps,
) {
  return <LabelledControl kind="textarea" {...props} />;
}

/** A labelled select wired to react-hook-form, its options the children, with its error under it. */
export function SelectField(
  props: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'name'> & ControlProps,
) {
  return <LabelledControl kind="select" {...props} />;
}

/**
 * A checkbox with its label beside it, wired to react-hook-form. `defaultChecked` is drawn into
 * the HTML too, so a page before the script shows what is kept.
 */
export function CheckboxField({
  label,
  defaultChecked,
  registration,
}: {
  label: string;
  defaultChecked?: boolean;
  registration: UseFormRegisterReturn;
}) {
  return (
    <label className="label cursor-pointer gap-2 text-base-content">
      <input
        type="checkbox"
        className="checkbox checkbox-sm"
        defaultChecked={defaultChecked}
        {...registration}
      />
      {label}
    </label>
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
          type={shown ? 'text' : 'password'}
          {...linked(id, error, hint)}
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

/**
 * The end of a form that is part of a page (a dialog's is ModalFormFooter): its error line,
 * then its submit button at the start, spinning while the request runs. `outline` for a form
 * beside a main one (Adjust the balance beside Record payment).
 */
export function FormFooter({
  error,
  pending,
  outline = false,
  children,
}: {
  error: string | null | undefined;
  pending: boolean;
  outline?: boolean;
  /** What the submit button says. */
  children: ReactNode;
}) {
  return (
    <>
      <FormError message={error} />
      <BusyButton
        type="submit"
        className={`btn ${outline ? 'btn-outline' : 'btn-primary'} self-start`}
        pending={pending}
      >
        {children}
      </BusyButton>
    </>
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
