import {
  useForm,
  type DefaultValues,
  type FieldError,
  type FieldValues,
  type Path,
  type Resolver,
} from 'react-hook-form';
import { errorMessage, fieldError } from './error-message.ts';
import { useFormAnswer } from './form-action.ts';

/** The names of a form's text fields (what `field` serves). */
type TextName<V> = { [K in keyof V]: NonNullable<V[K]> extends string ? K : never }[keyof V] &
  Path<V & FieldValues>;

/**
 * One of several forms on a page that post to its action before the script took over, told
 * apart by a hidden `intent` field (docs/decisions/0018). The form starts from what was typed
 * when the action refused it (`keep` gets those values, or undefined), and:
 * - `field(name)` gives a field of components/form-fields.tsx its value, registration and error
 *   (the browser's check first, else the action's);
 * - `showRefusal(error)` puts the server's refusal under the field it names, one of `names`;
 * - `formError(error)` is the form's own error line: the server's refusal unless a field shows
 *   it, else why the action refused the form.
 */
export function useIntentForm<V extends FieldValues, Out = V>({
  intent,
  names,
  resolver,
  keep,
}: {
  intent: string;
  /** The fields the server may name in a refusal. */
  names: readonly Path<V>[];
  resolver: Resolver<V, unknown, Out>;
  keep: (posted: Record<string, string> | undefined) => V;
}) {
  const answer = useFormAnswer();
  const mine = answer?.values.intent === intent ? answer : undefined;
  const kept = keep(mine?.values);
  const form = useForm<V, unknown, Out>({ resolver, defaultValues: kept as DefaultValues<V> });

  /** The server's refusal when it names one of this form's fields. */
  const refusedField = (error: unknown) => {
    const named = fieldError(error);
    return named && (names as readonly string[]).includes(named.field)
      ? { name: named.field as Path<V>, message: named.message }
      : undefined;
  };

  const field = (name: TextName<V>) => ({
    defaultValue: kept[name] as string | undefined,
    registration: form.register(name),
    error:
      (form.formState.errors[name] as FieldError | undefined)?.message ?? mine?.fieldErrors[name],
  });

  const showRefusal = (error: unknown) => {
    const refused = refusedField(error);
    if (refused) form.setError(refused.name, { message: refused.message });
  };

  const formError = (error: Error | null) =>
    error && !refusedField(error) ? errorMessage(error) : (mine?.formError ?? null);

  return { form, kept, field, showRefusal, formError };
}
