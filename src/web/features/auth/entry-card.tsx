import type { FormEventHandler, ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { TextField } from '../../components/form-fields.tsx';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { PageMeta } from '../../lib/page-meta.tsx';
import { useSession } from '../../lib/session.ts';
import { signInParams } from '../../lib/sign-in-path.ts';
import { AuthCard } from './auth-card.tsx';
import { originPath } from './origin.ts';
import { SocialButtons } from './social-buttons.tsx';

type Props = {
  title: string;
  subtitle: string;
  meta: { title: string; description: string };
  /** The way to the other page ("New to ECParts? Create an account"). */
  other: { prompt: string; label: string; to: string };
  children: ReactNode;
};

/**
 * The login and sign-up pages' frame: a signed-in visitor goes back where they were going, and
 * both the other page's link and the social buttons carry that origin along.
 */
export function EntryCard({ title, subtitle, meta, other, children }: Props) {
  const { user, isPending } = useSession();
  const location = useLocation();
  const origin = originPath(location.state, location.search);

  if (isPending) return <PageSpinner label="Checking your sign-in" />;
  // Signed in already, or just now: back to where the visitor was going.
  if (user) return <Navigate to={origin} replace />;

  return (
    <AuthCard title={title} subtitle={subtitle}>
      <PageMeta {...meta} />
      {children}
      <p className="text-center">
        {other.prompt}{' '}
        <Link
          to={`${other.to}${signInParams(location.search)}`}
          state={location.state}
          className="link link-primary"
        >
          {other.label}
        </Link>
      </p>
      <div className="divider">OR</div>
      <SocialButtons callbackURL={origin} />
    </AuthCard>
  );
}

/**
 * The login or sign-up form. The checks' code arrives while the visitor types, not after the
 * click (`preload` on focus). Sent by script; before it has loaded, a POST keeps what was
 * typed out of the address.
 */
export function EntryForm({
  label,
  preload,
  onSubmit,
  children,
}: {
  label: string;
  preload: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <form
      onSubmit={onSubmit}
      onFocus={preload}
      method="post"
      noValidate
      aria-label={label}
      className="flex flex-col gap-4"
    >
      {children}
    </form>
  );
}

/** The login and sign-up forms' Email field (`field`: the form's useRuleForm field for email). */
export function EntryEmailField({
  id,
  field,
}: {
  id: string;
  field: Pick<Parameters<typeof TextField>[0], 'registration' | 'error' | 'defaultValue'>;
}) {
  return <TextField id={id} label="Email" type="email" autoComplete="email" required {...field} />;
}
