import type { CurrentUser } from '../../auth/current-user.ts';
import type { Executor } from '../../db/client.ts';
import { findMembership } from '../../modules/companies/membership.ts';
import type { ListViewer } from '../../modules/saved-lists/service.ts';

/** Who acts on lists, with their company (read once per call): what decides what they see. */
export async function listViewerOf(db: Executor, user: CurrentUser): Promise<ListViewer> {
  const membership = await findMembership(db, user.id);
  return { userId: user.id, userName: user.name, companyId: membership?.companyId };
}
