import { data, redirect, useActionData, type ActionFunctionArgs } from 'react-router';
import type { z } from 'zod';
import { ApiError } from './api-client.ts';
import { lazySchemaResolver } from './lazy-schema-resolver.ts';
import { pageOf, type Flash, type PageContext } from './page-context.ts';
import { sessionKey, type SessionState } from './session.ts';
import { signInPath } from './sign-in-path.ts';

/**
 * A form's one rule (docs/decisions/0018-loaders-and-actions.md): its schema from src/contract
 * and the one function that submits it. The hydrated app checks with the schema as the person
 * types and submits through `submit` with the browser's calls; a form posted before the script
 * took over reaches the page's route `action` (`formAction`), which checks with the same schema
 * and submits through the same function, in-process on the server.
 */
export type FormRule<Input, Result> = {
  /** Loaded when first needed, so zod stays out of the page's first code. */
  schema: () => Promise<z.ZodType<Input, Record<string, unknown>>>;
  submit: (api: Pick<PageContext, 'call' | 'authApi'>, input: Input) => Promise<Result>;
  /** The refusal in the form's own words (Better Auth's codes become sentences). */
  explain?: (error: ApiError) => string;
};

/** What the page is drawn again with after a refusal: what was typed, and why it was refused. */
export type FormAnswer = {
  values: Record<string, string>;
  fieldErrors: Record<string, string>;
  formError: string | null;
};

/** The rule's schema as react-hook-form's resolver, loaded on the form's first check. */
export const ruleResolver = <Input extends Record<string, unknown>>(
  rule: FormRule<Input, unknown>,
) => lazySchemaResolver<Input>(rule.schema as () => Promise<z.ZodType<Input, Input>>);

type Done<Input, Result> = (
  result: Result,
  input: Input,
  args: ActionFunctionArgs,
) => { to: string; toast?: Flash };

/**
 * The route action of a form posted without script. Success: 303 to where the app would go,
 * with the app's toast carried to that page (a one-time flash cookie). Refusal: the same page,
 * with what was typed (never the fields named in `secret`), the error by its field or under
 * the form, and the status the API gave.
 */
export function formAction<Input, Result>(
  rule: FormRule<Input, Result>,
  done: Done<Input, Result>,
  {
    secret = ['password', 'newPassword', 'confirmPassword'],
    signedIn = false,
  }: {
    secret?: string[];
    /** A customer's form: a visitor is sent to sign in first, and back to this page. */
    signedIn?: boolean;
  } = {},
) {
  return async (args: ActionFunctionArgs) => {
    const page = pageOf(args.context);
    if (signedIn && !page.queryClient.getQueryData<SessionState>(sessionKey)?.user) {
      const { pathname, search } = new URL(args.request.url);
      return redirect(signInPath(`${pathname}${search}`, 'order'), 303);
    }
    const fields: Record<string, string> = {};
    for (const [name, value] of await args.request.formData()) {
      if (typeof value === 'string') fields[name] = value;
    }
    const values = Object.fromEntries(
      Object.entries(fields).filter(([name]) => !secret.includes(name)),
    );
    const refuse = (status: number, answer: Partial<FormAnswer>) =>
      data<FormAnswer>({ values, fieldErrors: {}, formError: null, ...answer }, { status });

    const parsed = (await rule.schema()).safeParse(fields);
    if (!parsed.success) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const name = String(issue.path[0] ?? '');
        fieldErrors[name] ??= issue.message;
      }
      return refuse(400, { fieldErrors });
    }
    try {
      const result = await rule.submit(page, parsed.data);
      const { to, toast } = done(result, parsed.data, args);
      if (toast) page.flash?.(toast);
      return redirect(to, 303);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return refuse(error.status || 500, { formError: rule.explain?.(error) ?? error.message });
    }
  };
}

/** The answer to this page's form posted without script, if it was refused. */
export const useFormAnswer = () => useActionData<FormAnswer | undefined>();
