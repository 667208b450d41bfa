import { NEW_PASSWORD_HINT, PASSWORD_MIN_LENGTH } from '../../../contract/password-rules.ts';
import { sitePaths } from '../../../contract/site-paths.ts';
import { formAction, ruleResolver } from '../../lib/form-action.ts';
import { useRuleForm } from '../../lib/use-rule-form.ts';
import { signUpRule, useSignUp } from './api.ts';
import { authErrorMessage } from './auth-errors.ts';
import {
  FormError,
  PasswordField,
  SubmitButton,
  TextField,
} from '../../components/form-fields.tsx';
import { EntryCard } from './entry-card.tsx';
import { backWhereGoing, socialConfigLoader } from './auth-routes.ts';

// zod and the schema load on the form's first check, not with the page (lazy-schema-resolver.ts).
const checkSignUp = ruleResolver(signUpRule);

export const action = formAction(signUpRule, backWhereGoing);
export const loader = socialConfigLoader;

export function SignupPage() {
  return (
    <EntryCard
      title="Sign Up"
      subtitle="Join our community and explore"
      meta={{ title: 'Sign Up', description: 'Create your ECParts account.' }}
      other={{ prompt: 'Already have an account?', label: 'Login', to: sitePaths.login }}
    >
      <SignupForm />
    </EntryCard>
  );
}

function SignupForm() {
  const signUp = useSignUp();
  const { form, field, answer } = useRuleForm(checkSignUp, ['name', 'email', 'password']);

  return (
    <form
      onSubmit={form.handleSubmit((input) => signUp.mutate(input))}
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
        {...field('name')}
      />
      <TextField
        id="signup-email"
        label="Email"
        type="email"
        autoComplete="email"
        required
        {...field('email')}
      />
      <PasswordField
        id="signup-password"
        label="Password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        hint={NEW_PASSWORD_HINT}
        {...field('password')}
      />
      <SubmitButton pending={signUp.isPending}>Sign Up</SubmitButton>
      <FormError
        message={signUp.isError ? authErrorMessage(signUp.error) : (answer?.formError ?? null)}
      />
    </form>
  );
}
