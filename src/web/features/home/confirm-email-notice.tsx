import { MailCheck } from 'lucide-react';
import { ResendLinkButton } from '../../components/resend-link-button.tsx';
import { linkSentText, useResendLink } from '../auth/api.ts';

/**
 * Shown on the home page (where sign-up lands) while the signed-in buyer's email is not
 * confirmed: where the link went, and a button for another. Its own chunk: only those few
 * visitors load it, not everyone's first paint.
 */
export function ConfirmEmailNotice({ email }: { email: string }) {
  const link = useResendLink(email);
  return (
    <section
      aria-label="Confirm your email"
      className="mx-auto mt-4 flex w-full max-w-6xl flex-col gap-3 rounded-box border border-info/50 bg-info/10 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <p role="status" className="flex items-start gap-3">
        <MailCheck size={22} className="mt-0.5 shrink-0 text-info" aria-hidden="true" />
        <span>{linkSentText(email)}.</span>
      </p>
      <ResendLinkButton email={email} link={link} />
    </section>
  );
}
