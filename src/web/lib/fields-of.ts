import {
  get,
  type FieldError,
  type FieldValues,
  type Path,
  type RegisterOptions,
  type UseFormReturn,
} from 'react-hook-form';

/**
 * Ties the fields of components/form-fields.tsx to a react-hook-form form by name, as
 * useRuleForm's `field` does for the rule forms: `field(name)` is the field's id
 * (`idOf(name)`), its registration and its error, so a field names what it edits once.
 */
export function fieldsOf<V extends FieldValues>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any context and output
  form: Pick<UseFormReturn<V, any, any>, 'register' | 'formState'>,
  idOf: (name: Path<V>) => string,
) {
  return (name: Path<V>, options?: RegisterOptions<V, Path<V>>) => ({
    id: idOf(name),
    registration: form.register(name, options),
    error: (get(form.formState.errors, name) as FieldError | undefined)?.message,
  });
}

/** An id's part from a field's name: trackingNumber → tracking-number. */
export const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
