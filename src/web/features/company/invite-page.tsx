import { Building2 } from 'lucide-react';
import { Link, useNavigate, useParams, type LoaderFunctionArgs } from 'react-router';
import type { InvitePreview } from '../../../contract/companies.ts';
import { sitePaths } from '../../../contract/site-paths.ts';
import { BusyButton } from '../../components/busy-button.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { SectionError } from '../../components/section-error.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { notify } from '../../lib/notify.ts';
import { dayText } from '../../lib/order-text.ts';
import { ensureSignedIn, pageOf } from '../../lib/page-context.ts';
import { PageMeta } from '../../lib/page-meta.tsx';
import { useSession } from '../../lib/session.ts';
import { invitePreviewQuery, useAcceptInvite, useInvitePreview } from './company-api.ts';
import { roleText } from './company-overview.tsx';

export function loader({ params, context }: LoaderFunctionArgs) {
  const page = pageOf(context);
  return ensureSignedIn(page, () => [invitePreviewQuery(params.token ?? '', page.call)]);
}

const META = {
  title: 'Join a company',
  description: 'An invite to order for a company at ECParts.',
};

/** The mailed link: what the invite offers, and Join for the account it was sent to. */
export function InvitePage() {
  const { token = '' } = useParams();
  const invite = useInvitePreview(token);
  return (
    <section className="mx-auto flex w-full max-w-xl flex-col gap-6 py-10">
      <PageMeta {...META} />
      <h1 className="text-3xl font-bold">Join a company</h1>
      {invite.isPending ? (
        <PageSpinner label="Opening the invite" />
      ) : invite.isError ? (
        <InviteUnavailable error={invite.error} />
      ) : (
        <InviteCard token={token} invite={invite.data} />
      )}
    </section>
  );
}

function InviteUnavailable({ error }: { error: Error }) {
  const gone = error instanceof ApiError && error.status === 404;
  return (
    <div className="flex flex-col items-start gap-4 rounded-box border border-base-300 bg-base-100 p-6">
      {gone ? (
        <p>
          This invite has been used, revoked or has ended (invites last 7 days). Ask the company's
          owner or an admin for a new one.
        </p>
      ) : (
        <SectionError error={error} />
      )}
      <Link to={sitePaths.dashboard} className="btn btn-primary btn-sm">
        Go to the Dashboard
      </Link>
    </div>
  );
}

function InviteCard({ token, invite }: { token: string; invite: InvitePreview }) {
  const accept = useAcceptInvite();
  const navigate = useNavigate();
  const { user } = useSession();
  return (
    <div className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4 p-4 sm:p-6">
        <h2 className="card-title text-xl">
          <Building2 size={22} aria-hidden="true" />
          {invite.companyName}
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="text-base-content/80">Role</dt>
          <dd>{roleText[invite.role]}</dd>
          <dt className="text-base-content/80">For</dt>
          <dd className="min-w-0 wrap-anywhere">{invite.email}</dd>
          <dt className="text-base-content/80">Valid until</dt>
          <dd>
            <time dateTime={invite.expiresAt}>{dayText(invite.expiresAt)}</time>
          </dd>
        </dl>
        {invite.forYou ? (
          <>
            <p>
              Join to order for {invite.companyName}: you share its addresses and orders, and pay on
              its account.
            </p>
            <BusyButton
              className="btn btn-primary"
              pending={accept.isPending}
              onClick={() =>
                accept.mutate(token, {
                  onSuccess: (company) => {
                    notify('success', `Welcome to ${company.name}.`);
                    void navigate(sitePaths.company);
                  },
                })
              }
            >
              Join {invite.companyName}
            </BusyButton>
            {accept.isError && (
              <p role="alert" className="text-error">
                {errorMessage(accept.error)}
              </p>
            )}
          </>
        ) : (
          <p role="alert">
            This invite is for {invite.email}, and you are signed in as {user?.email}. Sign in with
            that email to join.
          </p>
        )}
      </div>
    </div>
  );
}
