import { BadgeAlert, BadgeCheck } from 'lucide-react';
import type { LoaderFunctionArgs } from 'react-router';
import { sitePaths } from '../../../contract/site-paths.ts';
import { formAction } from '../../lib/form-action.ts';
import { intentAction } from '../../lib/intent-action.ts';
import { ensureSignedIn, pageOf } from '../../lib/page-context.ts';
import { notify } from '../../lib/notify.ts';
import { PersonPhoto } from '../../components/person-photo.tsx';
import { PageMeta } from '../../lib/page-meta.tsx';
import { profileRule, useSendVerificationEmail } from './api.ts';
import { authErrorMessage } from './auth-errors.ts';
import { useSession, type SessionUser } from '../../lib/session.ts';
import { ProfileForm } from './profile-form.tsx';
import { myTaxQuery, taxDetailsRule } from './tax-api.ts';
import { TaxDetailsSection } from './tax-details-form.tsx';
import { savedCardsQuery } from '../payments/saved-cards-api.ts';
import { SavedCardsSection } from './saved-cards-section.tsx';

export function loader({ context }: LoaderFunctionArgs) {
  const page = pageOf(context);
  return ensureSignedIn(page, () => [myTaxQuery(page.call), savedCardsQuery(page.call)]);
}

/** A form saved without script: the page again, saying so as the app does. */
export const action = intentAction({
  '': () =>
    formAction(
      profileRule,
      () => ({
        to: sitePaths.myProfile,
        toast: { kind: 'success', message: 'Your profile has been updated.' },
      }),
      { signedIn: true },
    ),
  tax: () =>
    formAction(
      taxDetailsRule,
      () => ({
        to: sitePaths.myProfile,
        toast: { kind: 'success', message: 'Your tax details have been saved.' },
      }),
      { signedIn: true },
    ),
});

export function MyProfilePage() {
  // RequireAuth above this page guarantees a user once the session has loaded.
  const { user } = useSession();
  if (!user) return null;

  return (
    <section className="flex flex-col gap-8">
      <PageMeta
        title="My Profile"
        description="Your ECParts profile: name, email, photo, company, VAT ID and saved cards."
      />
      <h1 className="text-2xl font-bold">My Profile</h1>
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body flex-col gap-6 sm:flex-row sm:items-center">
          <PersonPhoto
            src={user.image}
            size={96}
            alt={user.image ? `Photo of ${user.name}` : ''}
            eager
          />
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
            <dt className="font-semibold">Name</dt>
            <dd>{user.name}</dd>
            <dt className="font-semibold">Email</dt>
            <dd className="break-all">{user.email}</dd>
            <dt className="font-semibold">Email status</dt>
            <dd>
              <Verification user={user} />
            </dd>
          </dl>
        </div>
      </div>
      <ProfileForm user={user} />
      <TaxDetailsSection />
      <SavedCardsSection />
    </section>
  );
}

function Verification({ user }: { user: SessionUser }) {
  const send = useSendVerificationEmail();
  if (user.emailVerified) {
    return (
      <span className="inline-flex items-center gap-1">
        <BadgeCheck size={18} className="text-success" aria-hidden="true" />
        Verified
      </span>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-3">
      <span className="inline-flex items-center gap-1">
        <BadgeAlert size={18} className="text-warning" aria-hidden="true" />
        Not verified yet
      </span>
      <button
        type="button"
        className="btn btn-sm btn-outline"
        disabled={send.isPending || send.isSuccess}
        onClick={() =>
          send.mutate(user.email, {
            onSuccess: () =>
              notify('success', `We have sent a verification link to ${user.email}.`),
            onError: (error) => notify('error', authErrorMessage(error)),
          })
        }
      >
        {send.isPending && (
          <span className="loading loading-spinner loading-xs" aria-hidden="true" />
        )}
        {send.isSuccess ? 'Verification email sent' : 'Resend verification email'}
      </button>
    </div>
  );
}
