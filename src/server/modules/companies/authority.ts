import {
  approvalRefusal,
  limitRefusal,
  type Authority,
} from '../../../contract/company-authority.ts';
import { AppError } from '../../errors.ts';

// The contract's rules (src/contract/company-authority.ts) as the server's refusals: 403 with
// the sentence that says why, the one the company page shows before it posts.

/** Refuses (403) an approver whose own limit is under the order's grand total. */
export function assertMayApprove(approver: Authority, grandTotalCents: number) {
  const refusal = approvalRefusal(approver, grandTotalCents);
  if (refusal) throw new AppError('forbidden', refusal);
}

/** Refuses (403) a limit (null: none) above the actor's own, on a member or in an invite. */
export function assertMayGiveLimit(
  actor: Authority,
  limitCents: number | null,
  where: 'member' | 'invite',
) {
  const refusal = limitRefusal(actor, limitCents, where);
  if (refusal) throw new AppError('forbidden', refusal);
}
