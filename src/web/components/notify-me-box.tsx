import { type FormEvent } from 'react';
import { Link } from 'react-router';
import { useFormAnswer } from '../lib/form-action.ts';
import { BusyButton } from './busy-button.tsx';

import { END_ALERT_INTENT, NOTIFY_ME_INTENT } from './notify-me-intents.ts';

/** What the box needs of the stock-alerts feature (features/stock-alerts/notify-me-api.ts). */
export type NotifyMeControl = {
  /** The buyer waits for this part already. */
  set: boolean;
  pending: boolean;
  /** Sets the alert, or ends it when set. */
  toggle: () => void;
};

/**
 * Out of stock on the product page: "Notify me" instead of order buttons that would refuse.
 * A visitor (no `control`) is asked to sign in first; a buyer with the alert set sees so, and
 * can cancel it. Without the script the form posts to the page's action.
 */
export function NotifyMeBox({
  name,
  productId,
  control,
  signInTo,
  postTo,
}: {
  name: string;
  productId: string;
  control?: NotifyMeControl;
  /** Where a visitor signs in, to come back here. */
  signInTo: string;
  /**
   * A page whose action takes the form, when this page's does not (the product page's), and
   * where it comes back to.
   */
  postTo?: { action: string; back: string };
}) {
  return (
    <div className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4">
      <p className="font-medium">This part is out of stock.</p>
      {control ? (
        <AlertForm name={name} productId={productId} control={control} postTo={postTo} />
      ) : (
        <>
          <p>Sign in and we will mail you once when it is back.</p>
          <Link
            to={signInTo}
            className="btn btn-primary self-start"
            aria-label={`Sign in to be notified: ${name}`}
          >
            Sign in to be notified
          </Link>
        </>
      )}
    </div>
  );
}

function AlertForm({
  name,
  productId,
  control,
  postTo,
}: {
  name: string;
  productId: string;
  control: NotifyMeControl;
  postTo?: { action: string; back: string } | undefined;
}) {
  const answer = useFormAnswer();
  const { set, pending } = control;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!pending) control.toggle();
  };
  const intent = answer?.values.intent;
  const refused =
    intent === NOTIFY_ME_INTENT || intent === END_ALERT_INTENT ? answer?.formError : null;
  return (
    <form method="post" action={postTo?.action} onSubmit={submit} className="flex flex-col gap-3">
      <input type="hidden" name="intent" value={set ? END_ALERT_INTENT : NOTIFY_ME_INTENT} />
      <input type="hidden" name="productId" value={productId} />
      {postTo && <input type="hidden" name="back" value={postTo.back} />}
      {set ? (
        <p role="status">
          <span className="badge badge-success mr-2">Alert set</span>
          We will mail you once when it is back in stock.
        </p>
      ) : (
        <p>Get one mail when it is back in stock.</p>
      )}
      <BusyButton
        type="submit"
        pending={pending}
        className={`btn self-start ${set ? 'btn-outline' : 'btn-primary'}`}
        aria-label={set ? `Cancel the stock alert: ${name}` : `Notify me: ${name}`}
      >
        {set ? 'Cancel alert' : 'Notify me'}
      </BusyButton>
      {refused && (
        <p role="alert" className="text-sm text-error">
          {refused}
        </p>
      )}
    </form>
  );
}
