import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * react-hook-form's zod resolver for a form whose schema (and zod with it) loads when the form
 * is first checked, not with its page. zod is most of a form page's code, and evaluating it on
 * a phone is a long task before the visitor has typed a thing; the first check waits for it
 * once, a few milliseconds after the first keystroke or the submit.
 */
export function lazySchemaResolver<Input extends FieldValues, Output = Input>(
  load: () => Promise<z.ZodType<Output, Input>>,
): Resolver<Input, unknown, Output> {
  let ready: Promise<Resolver<Input, unknown, Output>> | undefined;
  return async (values, context, options) => {
    ready ??= Promise.all([load(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) => zodResolver(schema),
    );
    const resolve = await ready;
    return resolve(values, context, options);
  };
}
