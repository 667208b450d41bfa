import { z } from 'zod';
import { pageInfo, pagingQuery } from './common.ts';
import { companyRoles } from './company-kinds.ts';
import { dollarsField } from './dollars.ts';
import { vatIdField } from './vat-id.ts';

const companyName = z
  .string({ error: 'Enter the company name' })
  .trim()
  .min(1, 'Enter the company name')
  .max(120, 'The company name is too long (120 characters at most)');

/** POST /companies: the caller becomes the owner of a new company. */
export const createCompanyInput = z.object({
  name: companyName,
  vatId: vatIdField.default(''),
  poRequired: z.boolean().default(false),
});
export type CreateCompanyInput = z.infer<typeof createCompanyInput>;

/** PATCH /companies/me: what the owner or an admin may change; terms and credit are the shop's. */
export const updateMyCompanyInput = z.object({
  name: companyName.optional(),
  vatId: vatIdField.optional(),
  poRequired: z.boolean().optional(),
});
export type UpdateMyCompanyInput = z.infer<typeof updateMyCompanyInput>;

/** Payment terms: an invoice is due `netDays` after its date. Null: no terms, pay by card. */
export const companyTerms = z
  .object({ netDays: z.number().int().min(0).max(365) })
  .nullable()
  .describe('null: no payment terms (no ordering on account)');
export type CompanyTerms = z.infer<typeof companyTerms>;

const companyCredit = {
  terms: companyTerms,
  creditLimit: z.number().describe('dollars'),
  balance: z
    .number()
    .describe('dollars owed: the sum of the credit ledger; below 0, a credit balance'),
  available: z
    .number()
    .describe('dollars: the credit limit less what is owed, between 0 and the limit'),
};

/** Whether a company's VAT ID is confirmed registered: only then are its EU orders zero-rated. */
const vatIdVerified = z
  .boolean()
  .describe(
    'confirmed registered by a shop admin or the EU VIES service; a changed VAT ID is unverified again',
  );

/** GET /companies/me: the caller's company and their place in it. */
export const myCompany = z.object({
  _id: z.string(),
  name: z.string(),
  vatId: z.string(),
  vatIdVerified,
  poRequired: z.boolean(),
  role: z.enum(companyRoles),
  ...companyCredit,
  spendingLimit: z
    .number()
    .nullable()
    .describe("dollars: the caller's checkouts over it wait for approval; null: none"),
});
export type MyCompany = z.infer<typeof myCompany>;

/** GET /me/company: the caller's company, or null when they belong to none. */
export const myCompanyOrNone = z.object({ company: myCompany.nullable() });

/** A spending limit as input: dollars, or null for none. */
const spendingLimitField = dollarsField('Spending limit').nullable();

export const companyMember = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(companyRoles),
  spendingLimit: z.number().nullable().describe('dollars; null: none'),
  joinedAt: z.iso.datetime(),
});
export type CompanyMember = z.infer<typeof companyMember>;

export const companyMemberList = z.object({ data: z.array(companyMember) });
export type CompanyMemberList = z.infer<typeof companyMemberList>;

/** The roles an invite or a change can give: the owner stays the one who made the company. */
export const grantedRoles = ['admin', 'buyer'] as const;

export const memberParams = z.object({ userId: z.string().max(100) });

/** PATCH /companies/me/members/:userId: spendingLimit null clears it. */
export const updateMemberInput = z.object({
  role: z.enum(grantedRoles, { error: 'Choose admin or buyer' }).optional(),
  spendingLimit: spendingLimitField.optional(),
});
export type UpdateMemberInput = z.infer<typeof updateMemberInput>;

export const memberRemoved = z.object({ deleted: z.literal(true), userId: z.string() });

/** POST /companies/me/owner: the owner hands the company to one of its members. */
export const makeOwnerInput = z.object({
  userId: z.string({ error: 'Choose a member' }).min(1, 'Choose a member').max(100),
});
export type MakeOwnerInput = z.infer<typeof makeOwnerInput>;

/** POST /companies/me/invites. */
export const inviteInput = z.object({
  email: z.email('Enter a valid email').max(254).toLowerCase(),
  role: z.enum(grantedRoles, { error: 'Choose admin or buyer' }),
  spendingLimit: dollarsField('Spending limit').optional().describe('dollars; absent: none'),
});
export type InviteInput = z.infer<typeof inviteInput>;

/** A pending invite as the company's owner and admins see it (never its token). */
export const companyInvite = z.object({
  _id: z.string(),
  email: z.string(),
  role: z.enum(grantedRoles),
  spendingLimit: z.number().nullable(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
});
export type CompanyInvite = z.infer<typeof companyInvite>;

export const companyInviteList = z.object({ data: z.array(companyInvite) });
export type CompanyInviteList = z.infer<typeof companyInviteList>;

export const inviteRevoked = z.object({ revoked: z.literal(true), _id: z.string() });

export const inviteTokenParams = z.object({ token: z.string().max(200) });

/** GET /company-invites/:token: what the invitee is asked to accept. */
export const invitePreview = z.object({
  companyName: z.string(),
  role: z.enum(grantedRoles),
  email: z.string(),
  expiresAt: z.iso.datetime(),
  forYou: z.boolean().describe("whether the invite is for the signed-in caller's email"),
});
export type InvitePreview = z.infer<typeof invitePreview>;

/** GET /companies (admin): filtered by name or VAT ID, paged. */
export const companiesQuery = pagingQuery.extend({
  q: z.string().trim().max(120).optional().describe('part of the name or of the VAT ID'),
});
export type CompaniesQuery = z.infer<typeof companiesQuery>;

export const companySummary = z.object({
  _id: z.string(),
  name: z.string(),
  vatId: z.string(),
  vatIdVerified,
  poRequired: z.boolean(),
  ...companyCredit,
  discountPercent: z.number(),
  members: z.number().int(),
  createdAt: z.iso.datetime(),
});
export type CompanySummary = z.infer<typeof companySummary>;

export const companyList = pageInfo.extend({ data: z.array(companySummary) });
export type CompanyList = z.infer<typeof companyList>;

/** GET /companies/:id (admin): the company, what is overdue and its members. */
export const companyDetail = companySummary.omit({ members: true }).extend({
  overdue: z.number().describe('dollars of invoices past due and not covered by payments'),
  members: z.array(companyMember),
});
export type CompanyDetail = z.infer<typeof companyDetail>;

/**
 * PATCH /companies/:id (admin, audited): the payment terms and the credit limit, and whether
 * the VAT ID is verified; each is changed only when sent.
 */
export const companyTermsInput = z
  .object({
    terms: z
      .object({
        netDays: z
          .number({ error: 'Net days: enter a whole number of days' })
          .int('Net days: enter a whole number of days')
          .min(0, 'Net days cannot be negative')
          .max(365, 'Net days must be at most 365'),
      })
      .nullable()
      .optional(),
    creditLimit: dollarsField('Credit limit', 10_000_000).optional(),
    termsWas: z
      .object({ netDays: z.number().nullable(), creditLimit: z.number() })
      .optional()
      .describe(
        'the net days (null: none) and credit limit the admin was shown (the terms form sends them); with new terms or a new limit, a 409 when either has changed since',
      ),
    vatIdVerified: z
      .boolean({ error: 'Say whether the VAT ID is verified' })
      .optional()
      .describe("true once the company's VAT ID is confirmed registered"),
  })
  .refine(
    (input) =>
      input.terms !== undefined ||
      input.creditLimit !== undefined ||
      input.vatIdVerified !== undefined,
    'Send the terms, the credit limit or whether the VAT ID is verified',
  );
export type CompanyTermsInput = z.infer<typeof companyTermsInput>;
