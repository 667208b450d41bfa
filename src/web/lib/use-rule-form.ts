import { useForm, type FieldValues, type Path } from 'react-hook-form';
import type { LazyResolver } from './lazy-schema-resolver.ts';
import { useFormAnswer } from './form-action.ts';

/**
 * A rule's form (docs/decisions/0018): react-hook-form checking with the rule's schema, started
 * from what the person typed when the server refused the same form posted without script.
 * `field(name)` gives a field of components/form-fields.tsx its value, registration and error
 * (the browser's check first, else the server's).
 */
export function useRuleForm<Input extends FieldValues>(
  resolver: LazyResolver<Input, Input>,
  names: readonly Path<Input>[],
) {
  const answer = useFormAnswer();
  const form = useForm<Input>({
    resolver,
    defaultValues: Object.fromEntries(
      names.map((name) => [name, answer?.values[name] ?? '']),
    ) as never,
  });
  const field = (name: Path<Input>) => ({
    defaultValue: answer?.values[name],
    registration: form.register(name),
    error: errorOf(form.formState.errors, name) ?? answer?.fieldErrors[name],
  });
  return { form, field, answer };
}

function errorOf(errors: Record<string, unknown>, name: string) {
  const error = errors[name] as { message?: unknown } | undefined;
  return typeof error?.message === 'string' ? error.message : undefined;
}
