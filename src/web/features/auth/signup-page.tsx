import { NEW_PASSWORD_HINT, PASSWORD_MIN_LENGTH } from '../../../contract/password-rules.ts';
import { sitePaths } from '../../../contract/site-paths.ts';
import { useRuleForm } from '../../lib/use-rule-form.ts';
import { signUpRule, useSignUp } from './api.ts';
import { authErrorMessage } from './auth-errors.ts';
import {
  FormError,
  PasswordField,
  SubmitButton,
  TextField,
} from '../../components/form-fields.tsx';
import { EntryCard, EntryEmailField, EntryForm } from './entry-card.tsx';
import { entryRoute } from './auth-routes.ts';

const { check: checkSignUp, action, loader } = entryRoute(signUpRule);
export { action, loader };

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
    <EntryForm
      label="Sign Up"
      preload={checkSignUp.preload}
      onSubmit={form.handleSubmit((input) => signUp.mutate(input))}
    >
      <TextField
        id="signup-name"
        label="Your Name"
        autoComplete="name"
        required
        {...field('name')}
      />
      <EntryEmailField id="signup-email" field={field('email')} />
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
    </EntryForm>
  );
}
