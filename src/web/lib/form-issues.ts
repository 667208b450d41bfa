import { toNestErrors } from '@hookform/resolvers';
import type { FieldError, FieldValues, Path, Resolver, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from './api-client.ts';
import { notify } from './notify.ts';

/**
 * Where an issue about the API's input ("rate.bands.1.price") belongs in a form whose fields
 * are shaped for people (a text box of country codes, a "none" free-over): the form's field,
 * or undefined for the form as a whole.
 */
export type FieldOf<V extends FieldValues> = (path: string) => Path<V> | undefined;

/**
 * A resolver that checks what the form would send with the contract's own schema, so the form
 * says what the server would say, and puts each sentence under the field it is about.
 */
export function inputResolver<V extends FieldValues, Out>(
  schema: z.ZodType<Out>,
  toInput: (values: V) => unknown,
  fieldOf: FieldOf<V>,
  /** Checks the schema cannot make (against what the form knows): messages by field. */
  more?: (values: V) => Partial<Record<Path<V>, string>>,
): Resolver<V, unknown, Out> {
  return (values, _context, options) => {
    const errors: Record<string, FieldError> = {};
    for (const [field, message] of Object.entries(more?.(values) ?? {})) {
      if (typeof message === 'string') errors[field] = { type: 'validate', message };
    }
    const result = schema.safeParse(toInput(values));
    if (result.success && Object.keys(errors).length === 0) {
      return { values: result.data, errors: {} };
    }
    for (const issue of result.error?.issues ?? []) {
      const field = fieldOf(issue.path.join('.')) ?? 'root';
      errors[field] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}

/** A 400 that names its field ("address.postalCode: Enter a valid postal code…"). */
export function fieldIssueOf(error: unknown) {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined;
  const match = /^([A-Za-z][\w.]*): (.+)$/s.exec(error.message);
  return match?.[1] && match[2] ? { path: match[1], message: match[2] } : undefined;
}

/**
 * Shows the server's refusal beside the field it names; true when it did. Anything else is
 * left to the form's own error line.
 */
export function showFieldIssue<V extends FieldValues>(
  form: Pick<UseFormReturn<V, unknown, unknown>, 'setError'>,
  error: unknown,
  fieldOf: FieldOf<V>,
) {
  const issue = fieldIssueOf(error);
  const field = issue && fieldOf(issue.path);
  if (!issue || !field) return false;
  form.setError(field, { type: 'server', message: issue.message }, { shouldFocus: true });
  return true;
}

/** The server's refusal for the form's own error line, unless a field shows it already. */
export function formErrorOf<V extends FieldValues>(error: Error | null, fieldOf: FieldOf<V>) {
  const issue = fieldIssueOf(error);
  return issue && fieldOf(issue.path) ? undefined : error?.message;
}

/**
 * A dialog form's answer: saved, a notice (`saved` says what of the answer) and the dialog
 * closes; refused, the server's sentence under the field it names (else on the error line).
 */
export function closeOnSave<V extends FieldValues, T>(
  form: Pick<UseFormReturn<V, unknown, unknown>, 'setError'>,
  fieldOf: FieldOf<V>,
  saved: (answer: T) => string,
  onDone: () => void,
) {
  return {
    onSuccess: (answer: T) => {
      notify('success', saved(answer));
      onDone();
    },
    onError: (error: unknown) => showFieldIssue(form, error, fieldOf),
  };
}
