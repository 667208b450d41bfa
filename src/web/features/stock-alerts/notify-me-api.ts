import type { ActionFunctionArgs } from 'react-router';
import type { NotifyMeControl } from '../../components/notify-me-box.tsx';
import { END_ALERT_INTENT } from '../../components/notify-me-intents.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { formAction } from '../../lib/form-action.ts';
import { notify } from '../../lib/notify.ts';
import { endAlertRule, subscribeRule, useEndAlert, useMyStockAlerts, useSubscribe } from './api.ts';

const setText = (name: string) => `We will mail you once when ${name} is back in stock.`;
const endedText = (name: string) => `No mail about ${name} then: the alert is cancelled.`;

/** Back where the form was (a card posts from a listing): a path of this site, or the page. */
function backTo(args: ActionFunctionArgs, back: FormDataEntryValue | null) {
  const safe = typeof back === 'string' && back.startsWith('/') && !back.startsWith('//');
  return safe ? back : new URL(args.request.url).pathname;
}

const subscribeForm = formAction(
  subscribeRule,
  (alert, _input, args) => ({
    to: backTo(args, null),
    toast: { kind: 'success', message: setText(alert.name) },
  }),
  { signedIn: true },
);

const endForm = formAction(
  endAlertRule,
  (_result, _input, args) => ({
    to: backTo(args, null),
    toast: { kind: 'success', message: endedText('the part') },
  }),
  { signedIn: true },
);

/**
 * The product page's (and a card's) Notify me posted before the script took over: the alert
 * set or ended, and back to the page it came from (a card's listing), saying so.
 */
export const notifyMeAction = (fields: FormData) => async (args: ActionFunctionArgs) => {
  const run = fields.get('intent') === END_ALERT_INTENT ? endForm : subscribeForm;
  const answer = await run(args);
  const back = fields.get('back');
  if (answer instanceof Response && answer.status === 303 && back) {
    answer.headers.set('location', backTo(args, back));
  }
  return answer;
};

/** Notify me for a signed-in buyer: whether the alert is set, and setting or ending it. */
export function useNotifyMe(product: { _id: string; name: string }): NotifyMeControl {
  const alerts = useMyStockAlerts();
  const subscribe = useSubscribe();
  const end = useEndAlert();
  const set = alerts.data?.data.some((a) => a.productId === product._id) ?? false;
  return {
    set,
    pending: subscribe.isPending || end.isPending || alerts.isFetching,
    toggle: () =>
      (set ? end : subscribe).mutate(product._id, {
        onSuccess: () => notify('success', set ? endedText(product.name) : setText(product.name)),
        onError: (error) => notify('error', `${product.name}: ${errorMessage(error)}`),
      }),
  };
}
