import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** A resolver whose code can be fetched ahead of the first check (`preload`). */
export type LazyResolver<Input extends FieldValues, Output> = Resolver<Input, unknown, Output> & {
  preload: () => void;
};

/**
 * react-hook-form's zod resolver for a form whose schema (and zod with it) loads when the form
 * is first checked, not with its page. zod is most of a form page's code, and evaluating it on
 * a phone is a long task before the visitor has typed a thing. The first check (on submit)
 * waits for it once, unless `preload` fetched it earlier: forms call it when they are first
 * focused, so the code arrives while the visitor types, not after the click.
 */
export function lazySchemaResolver<Input extends FieldValues, Output = Input>(
  load: () => Promise<z.ZodType<Output, Input>>,
): LazyResolver<Input, Output> {
  let ready: Promise<Resolver<Input, unknown, Output>> | undefined;
  const loaded = () =>
    (ready ??= Promise.all([load(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) => zodResolver(schema),
    ));
  const resolver: Resolver<Input, unknown, Output> = async (values, context, options) =>
    (await loaded())(values, context, options);
  return Object.assign(resolver, {
    preload: () => {
      // A failed fetch is tried again by the check itself, which then reports it.
      loaded().catch(() => {
        ready = undefined;
      });
    },
  });
}
