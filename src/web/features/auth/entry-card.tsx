import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
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
