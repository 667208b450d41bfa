import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation } from 'react-router';
import { NEW_PASSWORD_HINT, PASSWORD_MIN_LENGTH } from '../../../contract/password-rules.ts';
import { sitePaths } from '../../../contract/site-paths.ts';
import type { SignUpInput } from '../../../contract/users.ts';
import { lazySchemaResolver } from '../../lib/lazy-schema-resolver.ts';
import { PageSpinner } from '../../components/page-spinner.tsx';
import { PageMeta } from '../../lib/page-meta.tsx';
import { useSignUp } from './api.ts';
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

// zod and the schema load on the form's first check, not with the page (lazy-schema-resolver.ts).
const checkSignUp = lazySchemaResolver<SignUpInput>(async () => {
  const { signUpInput } = await import('../../../contract/users.ts');
  return signUpInput;
});

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
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SignUpInput>({
    resolver: checkSignUp,
    defaultValues: { name: '', email: '', password: '' },
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
        registration={register('name')}
        error={errors.name?.message}
      />
      <TextField
        id="signup-email"
        label="Email"
        type="email"
        autoComplete="email"
        required
        registration={register('email')}
        error={errors.email?.message}
      />
      <PasswordField
        id="signup-password"
        label="Password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        hint={NEW_PASSWORD_HINT}
        registration={register('password')}
        error={errors.password?.message}
      />
      <SubmitButton pending={signUp.isPending}>Sign Up</SubmitButton>
      <FormError message={signUp.isError ? authErrorMessage(signUp.error) : null} />
    </form>
  );
}
