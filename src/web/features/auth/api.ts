import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SocialProviderId } from '../../../contract/social-providers.ts';
import type {
  ForgotPasswordInput,
  ProfileInput,
  SignInInput,
  SignUpInput,
  UserRecord,
} from '../../../contract/users.ts';
import { sitePaths } from '../../../contract/site-paths.ts';
import { ApiError, authApi, call, type Call } from '../../lib/api-client.ts';
import type { FormRule } from '../../lib/form-action.ts';
import { toolKeys } from '../catalog/api.ts';
import { authErrorMessage } from './auth-errors.ts';
import { completeSignIn, sessionKey, type SessionUser } from '../../lib/session.ts';

// Better Auth's endpoints (/api/auth/*) called with our own fetch: its client library would
// cost more than this whole file. The session itself lives in lib/session.ts, sign-out in
// lib/session-shell.ts (both part of the first paint).

export const accountKeys = {
  admin: (email: string) => ['user-admin', email] as const,
  siteConfig: ['site-config'] as const,
};

type AuthResult = { token: string | null; user: SessionUser };

const post = <T>(path: `/auth/${string}`, body: unknown) =>
  authApi<T>(path, { method: 'POST', body });

/** Signs out quietly: used when a sign-in cannot be finished, so no half state remains. */
const abandonSignIn = () => post('/auth/sign-out', {}).catch(() => undefined);

function useFinishSignIn() {
  const queryClient = useQueryClient();
  return async (email: string, failure: string) => {
    try {
      await completeSignIn(email);
    } catch (error) {
      await abandonSignIn();
      const status = error instanceof ApiError ? error.status : 0;
      throw new ApiError(status, 'finish_failed', `${failure} ${authErrorMessage(error)}`);
    }
    // The pages move on once the session shows the user (they redirect signed-in visitors).
    // refetch, not invalidate: useSession reads the cache without an observer.
    await queryClient.refetchQueries({ queryKey: sessionKey });
    // A company's member pays dealer prices: the products fetched signed out showed list ones.
    void queryClient.invalidateQueries({ queryKey: toolKeys.all });
  };
}

// Each form's one rule (lib/form-action.ts): the hydrated page and the page's action both
// check with the schema and submit through `submit`.
const users = () => import('../../../contract/users.ts');

export const signInRule: FormRule<SignInInput, AuthResult> = {
  schema: async () => (await users()).signInInput,
  submit: (api, input) =>
    api.authApi<AuthResult>('/auth/sign-in/email', { method: 'POST', body: input }),
  explain: authErrorMessage,
};

export const signUpRule: FormRule<SignUpInput, AuthResult> = {
  schema: async () => (await users()).signUpInput,
  submit: (api, input) =>
    api.authApi<AuthResult>('/auth/sign-up/email', {
      method: 'POST',
      // The mailed link confirms the address, then lands on the page that says so.
      body: { ...input, callbackURL: sitePaths.emailConfirmed },
    }),
  explain: authErrorMessage,
};

export const passwordResetRule: FormRule<ForgotPasswordInput, { status: boolean }> = {
  schema: async () => (await users()).forgotPasswordInput,
  submit: (api, { email }) =>
    api.authApi('/auth/request-password-reset', {
      method: 'POST',
      body: { email, redirectTo: sitePaths.resetPassword },
    }),
  explain: authErrorMessage,
};

/** The words the forgot-password page shows once a link is on its way. */
export const resetLinkSent = (email: string) =>
  `If an account exists for ${email}, we have sent a link to reset the password. Please check your inbox; the link works for one hour.`;

export function useSignIn() {
  const finish = useFinishSignIn();
  return useMutation({
    mutationFn: async (input: SignInInput) => {
      const { user } = await signInRule.submit({ call, authApi }, input);
      await finish(user.email, 'We could not finish signing you in.');
    },
  });
}

export function useSignUp() {
  const finish = useFinishSignIn();
  return useMutation({
    mutationFn: async (input: SignUpInput) => {
      const { user } = await signUpRule.submit({ call, authApi }, input);
      await finish(
        user.email,
        'Your account was created, but we could not sign you in. Please log in.',
      );
    },
  });
}

/** Starts a social sign-in: the server answers with the provider's page to go to. */
export function useSocialSignIn() {
  return useMutation({
    mutationFn: async ({
      provider,
      callbackURL,
    }: {
      provider: SocialProviderId;
      callbackURL: string;
    }) => {
      const { url } = await post<{ url: string; redirect: boolean }>('/auth/sign-in/social', {
        provider,
        callbackURL,
        errorCallbackURL: sitePaths.login,
      });
      window.location.assign(url);
    },
  });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) => passwordResetRule.submit({ call, authApi }, { email }),
  });
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { newPassword: string; token: string }) =>
      post<{ status: boolean }>('/auth/reset-password', input),
    // The reset ends every session of that user, possibly this browser's.
    onSuccess: () => queryClient.refetchQueries({ queryKey: sessionKey }),
  });
}

export function useSendVerificationEmail() {
  return useMutation({
    mutationFn: (email: string) =>
      post<{ status: boolean }>('/auth/send-verification-email', {
        email,
        callbackURL: sitePaths.emailConfirmed,
      }),
  });
}

/** The words a buyer reads once signed up, until the mailed link confirms the address. */
export const linkSentText = (email: string) =>
  `We sent a link to ${email}. Open it to confirm your address`;

/** The Resend button's state (components/resend-link-button.tsx): another confirmation link. */
export function useResendLink(email: string) {
  const send = useSendVerificationEmail();
  return {
    resend: () => send.mutate(email),
    pending: send.isPending,
    sent: send.isSuccess,
    error: send.isError ? authErrorMessage(send.error) : null,
  };
}

/** The profile form's one rule (lib/form-action.ts): My Profile's action submits it too. */
export const profileRule: FormRule<ProfileInput & { email: string }, UserRecord> = {
  schema: async () => (await users()).profileForm,
  submit: (api, { email, ...input }) =>
    api.call('PUT /api/users/:email', { params: { email }, body: { email, ...input } }),
  explain: authErrorMessage,
};

export function useUpdateProfile(user: SessionUser | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ProfileInput) => {
      if (!user) throw new Error('No user is logged in');
      return profileRule.submit({ call, authApi }, { email: user.email, ...input });
    },
    onSuccess: () => queryClient.refetchQueries({ queryKey: sessionKey }),
  });
}

export const adminStatusQuery = (email: string, via: Call = call) =>
  queryOptions({
    queryKey: accountKeys.admin(email),
    queryFn: ({ signal }) => via('GET /api/user/admin/:email', { params: { email }, signal }),
  });

/** Admin status is the server's decision (GET /api/user/admin/{email}), not the client's. */
export const useIsAdmin = (email: string | undefined) =>
  useQuery({ ...adminStatusQuery(email ?? ''), enabled: Boolean(email) });

export const siteConfigQuery = (via: Call = call) =>
  queryOptions({
    queryKey: accountKeys.siteConfig,
    queryFn: ({ signal }) => via('GET /api/site-config', { signal }),
    // What the server has configured does not change while it runs.
    staleTime: Infinity,
  });

export const useSiteConfig = () => useQuery(siteConfigQuery());
