import type { AuditActor } from '../../audit/record.ts';
import type { Db } from '../../db/client.ts';
import { refuseDeletingAnOwner } from '../../modules/companies/ownership.ts';
import { deleteUser } from '../../modules/users/service.ts';

/**
 * Deletes an account, where users and companies meet: a company's owner is refused (409)
 * until they hand the company to another member, so no company is left without an owner and
 * its waiting orders without an approver. Other members go, their membership with them.
 */
export const deleteAccount = (db: Db, actor: AuditActor, id: string) =>
  deleteUser(db, actor, id, refuseDeletingAnOwner);
