import type { Db } from '../../db/client.ts';
import type { Handlers } from '../../http/handler.ts';
import type { VatIds } from '../../lib/vat-ids.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { browseCompanies } from './admin.ts';
import {
  acceptInvite,
  companyInvites,
  inviteMember,
  previewInvite,
  withdrawInvite,
} from './invites.ts';
import { makeOwner } from './ownership.ts';
import {
  changeMember,
  changeMyCompany,
  companyMembers,
  createCompany,
  myCompany,
  myCompanyOrNone,
  removeMember,
} from './service.ts';

type CompanyEndpoints =
  | 'createCompany'
  | 'getMyCompany'
  | 'findMyCompany'
  | 'updateMyCompany'
  | 'listCompanyMembers'
  | 'updateCompanyMember'
  | 'removeCompanyMember'
  | 'makeCompanyOwner'
  | 'inviteCompanyMember'
  | 'listCompanyInvites'
  | 'revokeCompanyInvite'
  | 'getCompanyInvite'
  | 'acceptCompanyInvite'
  | 'listCompanies';

export const companyHandlers = ({
  db,
  mailer,
  publicUrl,
  vatIds,
}: {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  /** The shop's own VAT ID is refused; VIES may verify a new one. */
  vatIds: VatIds;
}): Handlers<CompanyEndpoints> => ({
  createCompany: ({ user, body }) => createCompany(db, user, body, vatIds),
  getMyCompany: ({ user }) => myCompany(db, user.id),
  findMyCompany: ({ user }) => myCompanyOrNone(db, user.id),
  updateMyCompany: ({ user, body }) => changeMyCompany(db, user, body, vatIds),
  listCompanyMembers: ({ user }) => companyMembers(db, user.id),
  updateCompanyMember: ({ user, params, body }) => changeMember(db, user, params.userId, body),
  removeCompanyMember: ({ user, params }) => removeMember(db, user, params.userId),
  makeCompanyOwner: ({ user, body, request }) =>
    makeOwner({ db, mailer, publicUrl, log: request.log }, user, body),
  inviteCompanyMember: ({ user, body, request }) =>
    inviteMember({ db, mailer, publicUrl, log: request.log }, user, body),
  listCompanyInvites: ({ user }) => companyInvites(db, user.id),
  revokeCompanyInvite: ({ user, params }) => withdrawInvite(db, user, params.id),
  getCompanyInvite: ({ user, params }) => previewInvite(db, user, params.token),
  acceptCompanyInvite: ({ user, params }) => acceptInvite(db, user, params.token),
  listCompanies: ({ query }) => browseCompanies(db, query),
});
