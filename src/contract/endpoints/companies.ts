import { idParams } from '../common.ts';
import {
  companiesQuery,
  companyDetail,
  companyInvite,
  companyInviteList,
  companyList,
  companyMember,
  companyMemberList,
  companyTermsInput,
  createCompanyInput,
  invitePreview,
  inviteInput,
  inviteRevoked,
  inviteTokenParams,
  makeOwnerInput,
  memberParams,
  memberRemoved,
  myCompany,
  myCompanyOrNone,
  updateMemberInput,
  updateMyCompanyInput,
} from '../companies.ts';
import { endpoint, HOUR, MINUTE } from '../endpoint.ts';

/**
 * The companies part of the endpoint table (src/contract/endpoints.ts composes every part): a
 * trade account's company, its members and invites, and the shop admin's view and terms. The
 * `/companies/me` calls act on the caller's own company; who may manage it (owner or admin) is
 * the service's check (403), as membership is not a per-object owner.
 */
export const companiesEndpoints = {
  createCompany: endpoint({
    method: 'POST',
    path: '/api/companies',
    access: 'user',
    tag: 'companies',
    summary: 'Make a company with the caller as its owner (an account belongs to one at most)',
    body: createCompanyInput,
    status: 201,
    response: myCompany,
    refusals: [409],
    rateLimit: { max: 10, windowSeconds: HOUR, per: 'user' },
  }),
  getMyCompany: endpoint({
    method: 'GET',
    path: '/api/companies/me',
    access: 'user',
    tag: 'companies',
    summary: "The caller's company, role, terms and credit; 404 without a company",
    response: myCompany,
    refusals: [404],
  }),
  // What the web asks on pages every signed-in account opens (the dashboard's menu, the
  // checkout), where belonging to no company is the usual case: null there, not a 404.
  findMyCompany: endpoint({
    method: 'GET',
    path: '/api/me/company',
    access: 'user',
    tag: 'companies',
    summary: "The caller's company, role, terms and credit, or null without a company",
    response: myCompanyOrNone,
  }),
  updateMyCompany: endpoint({
    method: 'PATCH',
    path: '/api/companies/me',
    access: 'user',
    tag: 'companies',
    summary: "Change the company's name, VAT ID or PO rule (owner or admin)",
    body: updateMyCompanyInput,
    response: myCompany,
    refusals: [403, 404],
  }),
  listCompanyMembers: endpoint({
    method: 'GET',
    path: '/api/companies/me/members',
    access: 'user',
    tag: 'companies',
    summary: "The members of the caller's company, owner first",
    response: companyMemberList,
    refusals: [404],
  }),
  updateCompanyMember: endpoint({
    method: 'PATCH',
    path: '/api/companies/me/members/:userId',
    access: 'user',
    tag: 'companies',
    summary:
      "Change a member's role (admin or buyer) or spending limit (null clears it); owner or admin, audited",
    params: memberParams,
    body: updateMemberInput,
    response: companyMember,
    refusals: [403, 409],
  }),
  removeCompanyMember: endpoint({
    method: 'DELETE',
    path: '/api/companies/me/members/:userId',
    access: 'user',
    tag: 'companies',
    summary:
      'Remove a member (owner or admin), or leave (a member removing themself); the owner stays (409); audited',
    params: memberParams,
    response: memberRemoved,
    refusals: [403, 409],
  }),
  makeCompanyOwner: endpoint({
    method: 'POST',
    path: '/api/companies/me/owner',
    access: 'user',
    tag: 'companies',
    summary:
      'Hand the company to one of its members (the owner): they become its owner, the caller an admin; audited, the new owner is mailed',
    body: makeOwnerInput,
    response: companyMemberList,
    // 403: not the owner; 404: no company, or no such member; 409: the caller is that member.
    refusals: [403, 404, 409],
  }),
  inviteCompanyMember: endpoint({
    method: 'POST',
    path: '/api/companies/me/invites',
    access: 'user',
    tag: 'companies',
    summary: 'Invite someone by email (owner or admin): mails a link that works once, for 7 days',
    body: inviteInput,
    status: 201,
    response: companyInvite,
    refusals: [403, 404, 409],
    rateLimit: { max: 30, windowSeconds: HOUR, per: 'user' },
  }),
  listCompanyInvites: endpoint({
    method: 'GET',
    path: '/api/companies/me/invites',
    access: 'user',
    tag: 'companies',
    summary: "The pending invites of the caller's company (owner or admin)",
    response: companyInviteList,
    refusals: [403, 404],
  }),
  revokeCompanyInvite: endpoint({
    method: 'DELETE',
    path: '/api/companies/me/invites/:id',
    access: 'user',
    tag: 'companies',
    summary: 'Revoke a pending invite (owner or admin): its link stops working',
    params: idParams,
    response: inviteRevoked,
    refusals: [403],
  }),
  getCompanyInvite: endpoint({
    method: 'GET',
    path: '/api/company-invites/:token',
    access: 'user',
    tag: 'companies',
    summary:
      'What an invite link offers, and whether it is for the caller; 404 when used, revoked or ended',
    params: inviteTokenParams,
    response: invitePreview,
    rateLimit: { max: 60, windowSeconds: 10 * MINUTE, per: 'user', bucket: 'company-invites' },
  }),
  acceptCompanyInvite: endpoint({
    method: 'POST',
    path: '/api/company-invites/:token/accept',
    access: 'user',
    tag: 'companies',
    summary:
      "Join the company as the invite says: the caller's email must be the invite's (403), once, within 7 days",
    params: inviteTokenParams,
    response: myCompany,
    refusals: [403, 409],
    rateLimit: { max: 60, windowSeconds: 10 * MINUTE, per: 'user', bucket: 'company-invites' },
  }),
  // The shop admin's side.
  listCompanies: endpoint({
    method: 'GET',
    path: '/api/companies',
    access: 'admin',
    tag: 'companies',
    summary: 'Every company, by name; search by name or VAT ID',
    query: companiesQuery,
    response: companyList,
  }),
  getCompany: endpoint({
    method: 'GET',
    path: '/api/companies/:id',
    access: 'admin',
    tag: 'companies',
    summary: "A company's terms, credit, what is overdue, its discount and its members",
    params: idParams,
    response: companyDetail,
  }),
  updateCompanyTerms: endpoint({
    method: 'PATCH',
    path: '/api/companies/:id',
    access: 'admin',
    tag: 'companies',
    summary:
      "Set a company's payment terms (net days, or none), its credit limit, or whether its VAT ID is verified (each when sent; audited)",
    params: idParams,
    body: companyTermsInput,
    response: companyDetail,
    // 409: verifying a company that has no VAT ID.
    refusals: [409],
  }),
} as const;
