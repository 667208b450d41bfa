import {
  returnStateLabels,
  returnStates,
  type ReturnRequest,
  type ReturnState,
} from '../../../contract/returns.ts';
import { isOneOf, type FilterOption } from '../../components/segmented-filter.tsx';

const badgeOf: Record<ReturnState, string> = {
  requested: 'badge-warning',
  approved: 'badge-info',
  rejected: 'badge-neutral',
  received: 'badge-success',
};

export function ReturnStatusBadge({ ret }: { ret: Pick<ReturnRequest, 'status'> }) {
  return (
    <span className={`badge ${badgeOf[ret.status]} whitespace-nowrap`}>
      {returnStateLabels[ret.status]}
    </span>
  );
}

export type ReturnFilter = ReturnState | 'all';

export const returnFilters: FilterOption<ReturnFilter>[] = [
  { value: 'all', label: 'All' },
  ...returnStates.map((status) => ({ value: status, label: returnStateLabels[status] })),
];

export const isReturnFilter = isOneOf(returnFilters);

/** "3 parts", or the one part's count and name. */
export const partsText = (ret: ReturnRequest) => {
  const pieces = ret.lines.reduce((n, l) => n + l.quantity, 0);
  return ret.lines.length === 1
    ? `${pieces} × ${ret.lines[0]!.name}`
    : `${pieces} pieces of ${ret.lines.length} parts`;
};
