import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation } from 'react-router';
import { NEW_PASSWORD_HINT, PASSWORD_MIN_LENGTH } from '../../../contract/password-rules.ts';
import { sitePaths } from '../../../contract/site-paths.ts';
import type { SignUpInput } from '../../../contract/users.ts';
import { formAction, ruleResolver, useFormAnswer } from '../../lib/form-action.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { PageMeta } from '../../lib/page-meta.tsx';
import { signUpRule, useSignUp } from './api.ts';
import { AuthCard } from './auth-card.tsx';
import { authErrorMessage } from './auth-errors.ts';
import {
  FormError,
  PasswordField,
  SubmitButton,
  TextField,
} from '../../components/form-fields.tsx';
import { originPath } from './origin.ts';
import { signInParams } from '../../lib/sign-in-path.ts';
import { useSession } from '../../lib/session.ts';
import { SocialButtons } from './social-buttons.tsx';
import { backWhereGoing, socialConfigLoader } from './auth-routes.ts';

// zod and the schema load on the form's first check, not with the page (lazy-schema-resolver.ts).
const checkSignUp = ruleResolver(signUpRule);

export const action = formAction(signUpRule, backWhereGoing);
export const loader = socialConfigLoader;

export function SignupPage() {
  const { user, isPending } = useSession();
  const location = useLocation();
  const origin = originPath(location.state, location.search);

  if (isPending) return <PageSpinner label="Checking your sign-in" />;
  // Signed in already, or just now: back to where the visitor was going, or /.
  if (user) return <Navigate to={origin} replace />;

  return (
    <AuthCard title="Sign Up" subtitle="Join our community and explore">
      <PageMeta title="Sign Up" description="Create your ECParts account." />
      <SignupForm />
      <p className="text-center">
        Already have an account?{' '}
        <Link
          to={`${sitePaths.login}${signInParams(location.search)}`}
          state={location.state}
          className="link link-primary"
        >
          Login
        </Link>
      </p>
      <div className="divider">OR</div>
      <SocialButtons callbackURL={origin} />
    </AuthCard>
  );
}

function SignupForm() {
  const signUp = useSignUp();
  const answer = useFormAnswer();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SignUpInput>({
    resolver: checkSignUp,
    defaultValues: {
      name: answer?.values.name ?? '',
      email: answer?.values.email ?? '',
      password: '',
    },
  });

  return (
    <form
      onSubmit={handleSubmit((input) => signUp.mutate(input))}
      // The checks' code arrives while the visitor types, not after the click.
      onFocus={checkSignUp.preload}
      // Sent by script; before it has loaded, a POST keeps what was typed out of the address.
      method="post"
      noValidate
      aria-label="Sign Up"
      className="flex flex-col gap-4"
    >
      <TextField
        id="signup-name"
        label="Your Name"
        type="text"
        autoComplete="name"
        required
        defaultValue={answer?.values.name}
        registration={register('name')}
        error={errors.name?.message ?? answer?.fieldErrors.name}
      />
      <TextField
        id="signup-email"
        label="Email"
        type="email"
        autoComplete="email"
        required
        defaultValue={answer?.values.email}
        registration={register('email')}
        error={errors.email?.message ?? answer?.fieldErrors.email}
      />
      <PasswordField
        id="signup-password"
        label="Password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        hint={NEW_PASSWORD_HINT}
        registration={register('password')}
        error={errors.password?.message ?? answer?.fieldErrors.password}
      />
      <SubmitButton pending={signUp.isPending}>Sign Up</SubmitButton>
      <FormError
        message={signUp.isError ? authErrorMessage(signUp.error) : (answer?.formError ?? null)}
      />
    </form>
  );
}
