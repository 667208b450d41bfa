import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  ApproveReturnInput,
  ReceiveReturnInput,
  RejectReturnInput,
  ReturnRequest,
  ReturnRequestInput,
  ReturnsQuery,
} from '../../../contract/returns.ts';
import { call, type Call } from '../../lib/api-client.ts';
import type { FormRule } from '../../lib/form-action.ts';
import { pagedQuery } from '../../lib/paged-query.ts';

// Returns: POST /orders/{id}/returns (the buyer), GET /returns and /returns/{id}, and the
// admin's POST /returns/{id}/approve, /reject and /receive. Every form posts to its page's
// route action (with script or without), which submits through the rule here.

export type ReturnSearch = Partial<ReturnsQuery>;

/** Every returns query lives under ['returns']: one invalidation refreshes lists and pages. */
export const returnKeys = {
  all: ['returns'] as const,
  list: (search: ReturnSearch) => ['returns', 'list', search] as const,
  detail: (id: string) => ['returns', 'detail', id] as const,
};

export const returnsQuery = (search: ReturnSearch, via: Call = call) =>
  pagedQuery(
    returnKeys.list(search),
    (signal) => via('GET /api/returns', { query: search, signal }),
    // Requests and decisions arrive from the other side.
    { alwaysFresh: true },
  );

export const useReturns = (search: ReturnSearch) => useQuery(returnsQuery(search));

export const returnQuery = (id: string, via: Call = call) =>
  queryOptions({
    queryKey: returnKeys.detail(id),
    queryFn: ({ signal }) => via('GET /api/returns/:id', { params: { id }, signal }),
    staleTime: 0,
  });

export const useReturn = (id: string) => useQuery(returnQuery(id));

const forms = () => import('./return-form-schemas.ts');

/** "Return parts": the order's id rides along in the form (a hidden field). */
export const requestReturnRule: FormRule<ReturnRequestInput & { orderId: string }, ReturnRequest> =
  {
    schema: async () => (await forms()).requestForm,
    submit: (api, { orderId, ...body }) =>
      api.call('POST /api/orders/:id/returns', { params: { id: orderId }, body }),
  };

export const approveReturnRule: FormRule<ApproveReturnInput & { id: string }, ReturnRequest> = {
  schema: async () => (await forms()).approveForm,
  submit: (api, { id, ...body }) =>
    api.call('POST /api/returns/:id/approve', { params: { id }, body }),
};

export const rejectReturnRule: FormRule<RejectReturnInput & { id: string }, ReturnRequest> = {
  schema: async () => (await forms()).rejectForm,
  submit: (api, { id, ...body }) =>
    api.call('POST /api/returns/:id/reject', { params: { id }, body }),
};

export const receiveReturnRule: FormRule<ReceiveReturnInput & { id: string }, ReturnRequest> = {
  schema: async () => (await forms()).receiveForm,
  submit: (api, { id, ...body }) =>
    api.call('POST /api/returns/:id/receive', { params: { id }, body }),
};
