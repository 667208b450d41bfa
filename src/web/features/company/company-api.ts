import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  InviteInput,
  MyCompany,
  UpdateMemberInput,
  UpdateMyCompanyInput,
} from '../../../contract/companies.ts';
import type { Authority } from '../../../contract/company-authority.ts';
import { dollarsToCents } from '../../../contract/money.ts';
import { authApi, call, type Call } from '../../lib/api-client.ts';
import type { FormRule } from '../../lib/form-action.ts';
import { useListWrite } from '../../lib/paged-query.ts';
import type { CreateCompanyForm, InviteForm } from './company-forms.ts';

// The caller's company (GET/POST/PATCH /companies/me…): its details, members and invites.

export const companyKeys = {
  all: ['company'] as const,
  mine: ['company', 'me'] as const,
  members: ['company', 'members'] as const,
  invites: ['company', 'invites'] as const,
  // Apart from the company's: joining must not read the used invite again (it is gone then).
  invite: (token: string) => ['company-invite', token] as const,
};

/** The caller's company, or null when they belong to none. */
export const fetchMyCompany = async (signal?: AbortSignal, via: Call = call) =>
  (await via('GET /api/me/company', { signal })).company;

export const myCompanyQuery = (via: Call = call) =>
  queryOptions({
    queryKey: companyKeys.mine,
    queryFn: ({ signal }): Promise<MyCompany | null> => fetchMyCompany(signal, via),
  });

/** Pass false while nobody is signed in. */
export const useMyCompany = (enabled = true) => useQuery({ ...myCompanyQuery(), enabled });

/** The owner and admins run the company; buyers order. */
export const canManage = (company: Pick<MyCompany, 'role'> | null | undefined) =>
  company?.role === 'owner' || company?.role === 'admin';

/** The caller's role and own limit, as the rules of src/contract/company-authority.ts take them. */
export const authorityOf = (company: Pick<MyCompany, 'role' | 'spendingLimit'>): Authority => ({
  role: company.role,
  spendingLimitCents: company.spendingLimit === null ? null : dollarsToCents(company.spendingLimit),
});

/** Create a company's one rule: the page's action submits it too. */
export const createCompanyRule: FormRule<CreateCompanyForm, MyCompany> = {
  schema: async () => (await import('./company-forms.ts')).createCompanyForm as never,
  submit: (api, body) => api.call('POST /api/companies', { body }),
};

/** Every write here may change what the company page shows: it is all read again. */
const everything = () => [companyKeys.all] as const;

export const useCreateCompany = () =>
  useListWrite(
    (body: CreateCompanyForm) => createCompanyRule.submit({ call, authApi }, body),
    everything,
  );

export const useUpdateMyCompany = () =>
  useListWrite(
    (body: UpdateMyCompanyInput) => call('PATCH /api/companies/me', { body }),
    everything,
  );

export const membersQuery = (via: Call = call) =>
  queryOptions({
    queryKey: companyKeys.members,
    queryFn: ({ signal }) => via('GET /api/companies/me/members', { signal }),
  });

export const useMembers = () => useQuery(membersQuery());

export const invitesQuery = (via: Call = call) =>
  queryOptions({
    queryKey: companyKeys.invites,
    queryFn: ({ signal }) => via('GET /api/companies/me/invites', { signal }),
  });

export const useInvites = (enabled = true) => useQuery({ ...invitesQuery(), enabled });

/** Invite's one rule: the page's action submits it too. */
export const inviteRule: FormRule<InviteForm, unknown> = {
  schema: async () => (await import('./company-forms.ts')).inviteForm as never,
  submit: (api, body: InviteInput) => api.call('POST /api/companies/me/invites', { body }),
};

export const useInvite = () =>
  useListWrite((body: InviteForm) => inviteRule.submit({ call, authApi }, body), everything);

export const useRevokeInvite = () =>
  useListWrite(
    (id: string) => call('DELETE /api/companies/me/invites/:id', { params: { id } }),
    everything,
  );

export const useUpdateMember = () =>
  useListWrite(
    ({ userId, ...body }: { userId: string } & UpdateMemberInput) =>
      call('PATCH /api/companies/me/members/:userId', { params: { userId }, body }),
    everything,
  );

/** The owner hands the company to a member: they become its owner, the caller an admin. */
export const useMakeOwner = () =>
  useListWrite(
    (userId: string) => call('POST /api/companies/me/owner', { body: { userId } }),
    everything,
  );

/** Removing someone else, or leaving (removing oneself). */
export const useRemoveMember = () =>
  useListWrite(
    (userId: string) => call('DELETE /api/companies/me/members/:userId', { params: { userId } }),
    everything,
  );

/** GET /company-invites/:token: what the invitee is asked to accept. */
export const invitePreviewQuery = (token: string, via: Call = call) =>
  queryOptions({
    queryKey: companyKeys.invite(token),
    queryFn: ({ signal }) => via('GET /api/company-invites/:token', { params: { token }, signal }),
    retry: false,
  });

export const useInvitePreview = (token: string) => useQuery(invitePreviewQuery(token));

export const useAcceptInvite = () =>
  useListWrite(
    (token: string) => call('POST /api/company-invites/:token/accept', { params: { token } }),
    everything,
  );
