import { BadgeAlert, BadgeCheck, ShieldCheck } from 'lucide-react';
import type { LoaderFunctionArgs } from 'react-router';
import { Link, useSearchParams } from 'react-router';
import { sitePaths } from '../../../contract/site-paths.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { ensureSignedIn, pageOf } from '../../lib/page-context.ts';
import { PageMeta } from '../../lib/page-meta.tsx';
import { useSession } from '../../lib/session.ts';
import { ResendLinkButton } from '../../components/resend-link-button.tsx';
import { adminStatusQuery, linkSentText, useIsAdmin, useResendLink } from './api.ts';
import { AuthCard } from './auth-card.tsx';

/** Whether the confirmed account is an admin now (ADMIN_EMAILS promotes it as it confirms). */
export function loader({ context }: LoaderFunctionArgs) {
  const page = pageOf(context);
  return ensureSignedIn(page, (user) => [adminStatusQuery(user.email, page.call)]);
}

/** Better Auth's codes for a link that did not confirm (it adds ?error= to this page). */
const linkProblem = (code: string) =>
  code === 'TOKEN_EXPIRED'
    ? 'This link has expired: each link works for one hour.'
    : code === 'INVALID_USER'
      ? 'This link is for another account than the one signed in here. Log out, then open it again.'
      : 'This link is not valid: it may be cut short, or already replaced by a newer one.';

const meta = (
  <PageMeta title="Confirm your email" description="Confirm your ECParts email address." noindex />
);

/** Where the link mailed at sign-up lands, signed in by it: what it did, and what is next. */
export function EmailConfirmedPage() {
  const [params] = useSearchParams();
  const error = params.get('error');
  const { user, isPending } = useSession();
  const admin = useIsAdmin(user?.emailVerified ? user.email : undefined);
  if (isPending) return <PageSpinner label="Checking your sign-in" />;

  if (error || (user && !user.emailVerified)) {
    return (
      <AuthCard title="Confirm your email" subtitle="One more step">
        {meta}
        <p role="alert" className="flex items-start gap-3">
          <BadgeAlert size={22} className="mt-0.5 shrink-0 text-warning" aria-hidden="true" />
          <span>{error ? linkProblem(error) : `${linkSentText(user?.email ?? '')}.`}</span>
        </p>
        {user && !user.emailVerified ? (
          <Resend email={user.email} />
        ) : (
          !user && (
            <p>
              <Link to={sitePaths.login} className="link link-primary">
                Log in
              </Link>{' '}
              and My Profile sends you a new link.
            </p>
          )
        )}
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Your email is confirmed" subtitle="Thank you: your account is ready">
      {meta}
      <p role="status" className="flex items-start gap-3">
        <BadgeCheck size={22} className="mt-0.5 shrink-0 text-success" aria-hidden="true" />
        <span>
          {user ? `${user.email} is confirmed` : 'The address is confirmed'}: orders, quotes and
          mails all go to it.
        </span>
      </p>
      {admin.data?.admin && (
        <p role="status" className="flex items-start gap-3">
          <ShieldCheck size={22} className="mt-0.5 shrink-0 text-success" aria-hidden="true" />
          <span>You are now an admin of this shop.</span>
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <Link to={sitePaths.shop} className="btn btn-primary">
          Continue to the shop
        </Link>
        {admin.data?.admin && (
          <Link to={sitePaths.dashboard} className="btn btn-outline">
            Open the dashboard
          </Link>
        )}
        {!user && (
          <Link to={sitePaths.login} className="btn btn-outline">
            Login
          </Link>
        )}
      </div>
    </AuthCard>
  );
}

function Resend({ email }: { email: string }) {
  return <ResendLinkButton email={email} link={useResendLink(email)} />;
}
