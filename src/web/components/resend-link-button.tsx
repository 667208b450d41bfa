import { BusyButton } from './busy-button.tsx';

/**
 * Mails the confirmation link again: the buyer who cannot find the first one, or whose link
 * expired, asks here and reads where it went. `link`: auth's useResendLink.
 */
export function ResendLinkButton({
  email,
  link,
}: {
  email: string;
  link: { resend: () => void; pending: boolean; sent: boolean; error: string | null };
}) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <BusyButton
        pending={link.pending}
        spinner="xs"
        className="btn btn-sm btn-outline"
        onClick={link.resend}
      >
        Resend
      </BusyButton>
      {link.sent && <span role="status">We sent a new link to {email}.</span>}
      {link.error && (
        <span role="alert" className="text-error">
          {link.error}
        </span>
      )}
    </div>
  );
}
