import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router';
import { formAction, ruleResolver, type FormRule } from '../../lib/form-action.ts';
import { ensureAll, pageOf } from '../../lib/page-context.ts';
import { siteConfigQuery } from './api.ts';
import { originPath } from './origin.ts';

// What the sign-in and sign-up routes share (docs/decisions/0018).

/** The sign-in providers the social buttons offer: the auth pages' loader. */
export function socialConfigLoader({ context }: LoaderFunctionArgs) {
  const page = pageOf(context);
  return ensureAll(page, [siteConfigQuery(page.call)]);
}

/** Signed in or up without script: back where the visitor was going, with the session cookie. */
export const backWhereGoing = (
  _result: unknown,
  _input: unknown,
  { request }: ActionFunctionArgs,
) => ({
  to: originPath(null, new URL(request.url).search),
});

/**
 * A sign-in or sign-up page's route, from its rule: the form's check (zod and the schema load
 * on the form's first check, not with the page: lazy-schema-resolver.ts), the action for the
 * form posted before the script took over, and the social buttons' loader.
 */
export const entryRoute = <Input extends Record<string, unknown>, Result>(
  rule: FormRule<Input, Result>,
) => ({
  check: ruleResolver(rule),
  action: formAction(rule, backWhereGoing),
  loader: socialConfigLoader,
});
