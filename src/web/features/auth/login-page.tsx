import { Link, useLocation, useSearchParams } from 'react-router';
import { sitePaths } from '../../../contract/site-paths.ts';
import { useRuleForm } from '../../lib/use-rule-form.ts';
import { signInRule, useSignIn } from './api.ts';
import { Notice } from './auth-card.tsx';
import { authErrorMessage, socialErrorMessage } from './auth-errors.ts';
import { FormError, PasswordField, SubmitButton } from '../../components/form-fields.tsx';
import { cameFromLostSession } from './origin.ts';
import { signInReason } from '../../lib/sign-in-path.ts';
import { EntryCard, EntryEmailField, EntryForm } from './entry-card.tsx';
import { entryRoute } from './auth-routes.ts';

const { check: checkSignIn, action, loader } = entryRoute(signInRule);
export { action, loader };

export function LoginPage() {
  const location = useLocation();
  const reason = signInReason(location.search);
  return (
    <EntryCard
      title="Login Now"
      subtitle="Please login and explore"
      meta={{ title: 'Login', description: 'Log in to your ECParts account.' }}
      // The origin travels along, so signing up also returns the visitor there.
      other={{ prompt: 'New to ECParts?', label: 'Create an account', to: sitePaths.signup }}
    >
      {cameFromLostSession(location.state) && (
        <Notice tone="info">Your session has ended. Please log in again.</Notice>
      )}
      {reason && (
        <Notice tone="info">
          <strong>{reason}.</strong> Once you are signed in, you are back where you were.
        </Notice>
      )}
      <LoginForm />
    </EntryCard>
  );
}

function LoginForm() {
  const signIn = useSignIn();
  const { form, field, answer } = useRuleForm(checkSignIn, ['email', 'password']);
  // A social sign-in that failed comes back here as ?error=…
  const [params] = useSearchParams();
  const socialError = params.get('error');

  const failure = signIn.isError
    ? authErrorMessage(signIn.error)
    : signIn.isIdle && answer?.formError
      ? answer.formError
      : socialError && signIn.isIdle
        ? socialErrorMessage(socialError)
        : null;

  return (
    <EntryForm
      label="Login"
      preload={checkSignIn.preload}
      onSubmit={form.handleSubmit((input) => signIn.mutate(input))}
    >
      <EntryEmailField id="login-email" field={field('email')} />
      <PasswordField
        id="login-password"
        label="Password"
        autoComplete="current-password"
        required
        {...field('password')}
      />
      <Link to={sitePaths.forgotPassword} className="link link-hover -mt-2 self-end text-sm">
        Forgot password?
      </Link>
      <SubmitButton pending={signIn.isPending}>Login</SubmitButton>
      <FormError message={failure} />
    </EntryForm>
  );
}
