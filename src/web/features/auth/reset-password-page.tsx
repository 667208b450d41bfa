import { CircleCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { NEW_PASSWORD_HINT, PASSWORD_MIN_LENGTH } from '../../../contract/password-rules.ts';
import { sitePaths } from '../../../contract/site-paths.ts';
import type { ResetPasswordInput } from '../../../contract/users.ts';
import { lazySchemaResolver } from '../../lib/lazy-schema-resolver.ts';
import { ApiError } from '../../lib/api-client.ts';
import { PageMeta } from '../../lib/page-meta.tsx';
import { useResetPassword } from './api.ts';
import { AuthCard, Notice } from './auth-card.tsx';
import { authErrorMessage, INVALID_RESET_LINK } from './auth-errors.ts';
import { FormError, PasswordField, SubmitButton } from '../../components/form-fields.tsx';

// zod and the schema load on the form's first check, not with the page (lazy-schema-resolver.ts).
const checkNewPassword = lazySchemaResolver<ResetPasswordInput>(async () => {
  const { resetPasswordInput } = await import('../../../contract/users.ts');
  return resetPasswordInput;
});

const meta = <PageMeta title="Reset password" description="Choose a new password for ECParts." />;

export function ResetPasswordPage() {
  // The mail's link passes through the server and lands here with ?token=… or ?error=….
  const [params] = useSearchParams();
  const token = params.get('token');
  const reset = useResetPassword();
  const tokenRefused = reset.error instanceof ApiError && reset.error.code === 'INVALID_TOKEN';

  if (!token || params.has('error') || tokenRefused) {
    return (
      <AuthCard title="Reset password" subtitle="This link cannot be used.">
        {meta}
        <p role="alert" className="text-error">
          {INVALID_RESET_LINK}
        </p>
        <Link to={sitePaths.forgotPassword} className="btn btn-primary">
          Request a new link
        </Link>
      </AuthCard>
    );
  }

  if (reset.isSuccess) {
    return (
      <AuthCard title="Reset password" subtitle="All done.">
        {meta}
        <Notice
          tone="success"
          icon={<CircleCheck className="shrink-0 text-success" aria-hidden="true" />}
        >
          Your password has been changed. Please log in with your new password.
        </Notice>
        <Link to={sitePaths.login} className="btn btn-primary">
          Go to login
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Reset password" subtitle="Choose a new password for your account.">
      {meta}
      <ResetForm
        pending={reset.isPending}
        error={reset.isError ? authErrorMessage(reset.error) : null}
        onSubmit={(password) => reset.mutate({ newPassword: password, token })}
      />
    </AuthCard>
  );
}

function ResetForm({
  pending,
  error,
  onSubmit,
}: {
  pending: boolean;
  error: string | null;
  onSubmit: (password: string) => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetPasswordInput>({
    resolver: checkNewPassword,
    defaultValues: { password: '' },
  });
  return (
    <form
      onSubmit={handleSubmit(({ password }) => onSubmit(password))}
      // The checks' code arrives while the visitor types, not after the click.
      onFocus={checkNewPassword.preload}
      // Sent by script; before it has loaded, a POST keeps what was typed out of the address.
      method="post"
      noValidate
      aria-label="Reset password"
      className="flex flex-col gap-4"
    >
      <PasswordField
        id="reset-password"
        label="New password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN_LENGTH}
        hint={NEW_PASSWORD_HINT}
        registration={register('password')}
        error={errors.password?.message}
      />
      <SubmitButton pending={pending}>Change password</SubmitButton>
      <FormError message={error} />
    </form>
  );
}
