import type { ActionFunctionArgs } from 'react-router';

type Action = (args: ActionFunctionArgs) => Promise<unknown>;

/**
 * The route action of a page with several forms: each posts its `intent` (a hidden field), and
 * the action of that form answers (lib/form-action.ts); a form without one is the page's
 * first, under ''. The body is read here from a copy, so the form's own action still reads
 * all of it.
 */
export function intentAction(byIntent: Record<string, (fields: FormData) => Action>) {
  return async (args: ActionFunctionArgs) => {
    const fields = await args.request.clone().formData();
    const intent = fields.get('intent');
    const pick = byIntent[typeof intent === 'string' ? intent : ''];
    if (!pick) return new Response('Unknown form', { status: 400 });
    return pick(fields)(args);
  };
}
