import { Link, useLocation, useSearchParams } from 'react-router';
import { sitePaths } from '../../../contract/site-paths.ts';
import { formAction, ruleResolver } from '../../lib/form-action.ts';
import { useRuleForm } from '../../lib/use-rule-form.ts';
import { signInRule, useSignIn } from './api.ts';
import { Notice } from './auth-card.tsx';
import { authErrorMessage, socialErrorMessage } from './auth-errors.ts';
import {
  FormError,
  PasswordField,
  SubmitButton,
  TextField,
} from '../../components/form-fields.tsx';
import { cameFromLostSession } from './origin.ts';
import { signInReason } from '../../lib/sign-in-path.ts';
import { EntryCard } from './entry-card.tsx';
import { backWhereGoing, socialConfigLoader } from './auth-routes.ts';

// zod and the schema load on the form's first check, not with the page (lazy-schema-resolver.ts).
const checkSignIn = ruleResolver(signInRule);

export const action = formAction(signInRule, backWhereGoing);
export const loader = socialConfigLoader;

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
    <form
      onSubmit={form.handleSubmit((input) => signIn.mutate(input))}
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
        {...field('email')}
      />
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
    </form>
  );
}
