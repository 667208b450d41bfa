import { type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { sitePaths } from '../../../contract/site-paths.ts';
import { BusyButton } from '../../components/busy-button.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { formAction, useFormAnswer } from '../../lib/form-action.ts';
import { PageMeta } from '../../lib/page-meta.tsx';
import { unsubscribeRule, useUnsubscribe } from './api.ts';

/**
 * The unsubscribe button posted before the script took over: done, and back here saying so.
 * The page's GET changes nothing (mail clients fetch links to check them); the POST does it.
 */
export const action = formAction(unsubscribeRule, (result) => ({
  to: `${sitePaths.stockAlertsUnsubscribe}?done=${result.ended}`,
}));

const meta = (
  <PageMeta
    title="Stop back-in-stock mails"
    description="Stop the back-in-stock mails of ECParts."
    noindex
  />
);

const endedText = (n: number) =>
  n === 0
    ? 'Done: you had no other stock alerts, so no more back-in-stock mails will come.'
    : `Done: ${n} stock ${n === 1 ? 'alert is' : 'alerts are'} ended, and no more back-in-stock mails will come.`;

/** A back-in-stock mail's unsubscribe link: one button, no sign-in. */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const done = params.get('done');
  const unsubscribe = useUnsubscribe();
  const answer = useFormAnswer();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!unsubscribe.isPending) unsubscribe.mutate(token);
  };
  const ended = unsubscribe.data?.ended ?? (done === null ? undefined : Number(done) || 0);
  const error = unsubscribe.error
    ? errorMessage(unsubscribe.error)
    : (answer?.formError ?? Object.values(answer?.fieldErrors ?? {})[0] ?? null);
  return (
    <section className="mx-auto flex max-w-lg flex-col gap-4 py-12">
      {meta}
      <h1 className="text-3xl font-bold">Stop back-in-stock mails</h1>
      {ended !== undefined ? (
        <>
          <p role="status">{endedText(ended)}</p>
          <Link to={sitePaths.shop} className="btn btn-primary self-start">
            Back to the shop
          </Link>
        </>
      ) : !token ? (
        <p role="alert" className="text-error">
          This link is not complete. Open the link from the mail again.
        </p>
      ) : (
        <form method="post" onSubmit={submit} className="flex flex-col gap-4">
          <input type="hidden" name="token" value={token} />
          <p>
            This ends every stock alert you still have: no more back-in-stock mails from ECParts
            until you ask for one again.
          </p>
          <BusyButton
            type="submit"
            pending={unsubscribe.isPending}
            className="btn btn-primary self-start"
          >
            Stop back-in-stock mails
          </BusyButton>
          {error && (
            <p role="alert" className="text-error">
              {error}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
