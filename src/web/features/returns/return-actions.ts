import type { ActionFunctionArgs } from 'react-router';
import { returnReasonLabels, type ReturnRequest } from '../../../contract/returns.ts';
import { sitePaths, toPath } from '../../../contract/site-paths.ts';
import { notify } from '../../lib/notify.ts';
import { pageOf, type Flash } from '../../lib/page-context.ts';
import { orderKeys } from '../orders/api.ts';
import { returnKeys } from './api.ts';

/**
 * After a returns form went through: the lists and the order read again, and on to the
 * return's page with a toast (a flash on the server; in the browser, the toast at once).
 */
export function toReturnPage(ret: ReturnRequest, message: string, args: ActionFunctionArgs) {
  const page = pageOf(args.context);
  void page.queryClient.invalidateQueries({ queryKey: returnKeys.all });
  void page.queryClient.invalidateQueries({ queryKey: orderKeys.all });
  const toast: Flash = { kind: 'success', message };
  if (!page.flash) notify(toast.kind, toast.message);
  return { to: toPath(sitePaths.returnDetail, { returnid: ret._id }), toast };
}

export const reasonText = (reason: keyof typeof returnReasonLabels) => returnReasonLabels[reason];
