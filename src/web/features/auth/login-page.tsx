import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { sitePaths } from '../../../contract/site-paths.ts';
import type { SignInInput } from '../../../contract/users.ts';
import { formAction, ruleResolver, useFormAnswer } from '../../lib/form-action.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { PageMeta } from '../../lib/page-meta.tsx';
import { signInRule, useSignIn } from './api.ts';
import { AuthCard, Notice } from './auth-card.tsx';
import { authErrorMessage, socialErrorMessage } from './auth-errors.ts';
import {
  FormError,
  PasswordField,
  SubmitButton,
  TextField,
} from '../../components/form-fields.tsx';
import { cameFromLostSession, originPath } from './origin.ts';
import { signInParams, signInReason } from '../../lib/sign-in-path.ts';
import { useSession } from '../../lib/session.ts';
import { SocialButtons } from './social-buttons.tsx';
import { backWhereGoing, socialConfigLoader } from './auth-routes.ts';

// zod and the schema load on the form's first check, not with the page (lazy-schema-resolver.ts).
const checkSignIn = ruleResolver(signInRule);

export const action = formAction(signInRule, backWhereGoing);
export const loader = socialConfigLoader;

export function LoginPage() {
  const { user, isPending } = useSession();
  const location = useLocation();
  const origin = originPath(location.state, location.search);
  const reason = signInReason(location.search);

  if (isPending) return <PageSpinner label="Checking your sign-in" />;
  // Signed in already, or just now: back to where the visitor was going.
  if (user) return <Navigate to={origin} replace />;

  return (
    <AuthCard title="Login Now" subtitle="Please login and explore">
      <PageMeta title="Login" description="Log in to your ECParts account." />
      {cameFromLostSession(location.state) && (
        <Notice tone="info">Your session has ended. Please log in again.</Notice>
      )}
      {reason && (
        <Notice tone="info">
          <strong>{reason}.</strong> Once you are signed in, you are back where you were.
        </Notice>
      )}
      <LoginForm />
      <p className="text-center">
        New to ECParts?{' '}
        {/* The origin travels along, so signing up also returns the visitor there. */}
        <Link
          to={`${sitePaths.signup}${signInParams(location.search)}`}
          state={location.state}
          className="link link-primary"
        >
          Create an account
        </Link>
      </p>
      <div className="divider">OR</div>
      <SocialButtons callbackURL={origin} />
    </AuthCard>
  );
}

function LoginForm() {
  const signIn = useSignIn();
  const answer = useFormAnswer();
  // A social sign-in that failed comes back here as ?error=…
  const [params] = useSearchParams();
  const socialError = params.get('error');
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SignInInput>({
    resolver: checkSignIn,
    defaultValues: { email: answer?.values.email ?? '', password: '' },
  });

  const failure = signIn.isError
    ? authErrorMessage(signIn.error)
    : signIn.isIdle && answer?.formError
      ? answer.formError
      : socialError && signIn.isIdle
        ? socialErrorMessage(socialError)
        : null;

  return (
    <form
      onSubmit={handleSubmit((input) => signIn.mutate(input))}
      // The checks' code arrives while the visitor types, not after the click.
      onFocus={checkSignIn.preload}
      // Sent by script; before it has loaded, a POST keeps what was typed out of the address.
      method="post"
      noValidate
      aria-label="Login"
      className="flex flex-col gap-4"
    >
      <TextField
        id="login-email"
        label="Email"
        type="email"
        autoComplete="email"
        required
        defaultValue={answer?.values.email}
        registration={register('email')}
        error={errors.email?.message ?? answer?.fieldErrors.email}
      />
      <PasswordField
        id="login-password"
        label="Password"
        autoComplete="current-password"
        required
        registration={register('password')}
        error={errors.password?.message ?? answer?.fieldErrors.password}
      />
      <Link to={sitePaths.forgotPassword} className="link link-hover -mt-2 self-end text-sm">
        Forgot password?
      </Link>
      <SubmitButton pending={signIn.isPending}>Login</SubmitButton>
      <FormError message={failure} />
    </form>
  );
}
