import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { sitePaths } from '../../../contract/site-paths.ts';
import type { ForgotPasswordInput } from '../../../contract/users.ts';
import { formAction, ruleResolver, useFormAnswer } from '../../lib/form-action.ts';
import { PageMeta } from '../../lib/page-meta.tsx';
import { passwordResetRule, resetLinkSent, useRequestPasswordReset } from './api.ts';
import { AuthCard, Notice } from './auth-card.tsx';
import { authErrorMessage } from './auth-errors.ts';
import { FormError, SubmitButton, TextField } from '../../components/form-fields.tsx';

// zod and the schema load on the form's first check, not with the page (lazy-schema-resolver.ts).
const checkEmail = ruleResolver(passwordResetRule);

/** Asked without script: the same page, saying what the app says once the link is sent. */
export const action = formAction(passwordResetRule, (_result, { email }) => ({
  to: sitePaths.forgotPassword,
  toast: { kind: 'success', message: resetLinkSent(email) },
}));

export function ForgotPasswordPage() {
  const request = useRequestPasswordReset();
  const answer = useFormAnswer();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotPasswordInput>({
    resolver: checkEmail,
    defaultValues: { email: answer?.values.email ?? '' },
  });

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter your email and we will send you a link to choose a new one."
    >
      <PageMeta title="Forgot password" description="Reset the password of your ECParts account." />
      {request.isSuccess ? (
        // The same answer for every email, so this page cannot tell who has an account.
        <Notice
          tone="success"
          icon={<MailCheck className="shrink-0 text-success" aria-hidden="true" />}
        >
          {resetLinkSent(request.variables)}
        </Notice>
      ) : (
        <form
          onSubmit={handleSubmit(({ email }) => request.mutate(email))}
          // The checks' code arrives while the visitor types, not after the click.
          onFocus={checkEmail.preload}
          // Sent by script; before it has loaded, a POST keeps what was typed out of the address.
          method="post"
          noValidate
          aria-label="Forgot password"
          className="flex flex-col gap-4"
        >
          <TextField
            id="forgot-email"
            label="Email"
            type="email"
            autoComplete="email"
            required
            defaultValue={answer?.values.email}
            registration={register('email')}
            error={errors.email?.message ?? answer?.fieldErrors.email}
          />
          <SubmitButton pending={request.isPending}>Send reset link</SubmitButton>
          <FormError
            message={
              request.isError ? authErrorMessage(request.error) : (answer?.formError ?? null)
            }
          />
        </form>
      )}
      <p className="text-center">
        Remembered it?{' '}
        <Link to={sitePaths.login} className="link link-primary">
          Back to login
        </Link>
      </p>
    </AuthCard>
  );
}
