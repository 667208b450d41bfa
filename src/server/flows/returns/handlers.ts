import type { Handlers } from '../../http/handler.ts';
import { approveReturn, rejectReturn } from './decide.ts';
import type { ReturnDeps } from './deps.ts';
import { browseReturns, readReturn } from './read.ts';
import { receiveReturn } from './receive.ts';
import { requestReturn } from './request.ts';

export type ReturnEndpoints =
  | 'requestReturn'
  | 'listReturns'
  | 'getReturn'
  | 'approveReturn'
  | 'rejectReturn'
  | 'receiveReturn';

/** Returns (RMA): asked for by the buyer, approved or rejected and received by an admin. */
export const returnHandlers = (deps: Omit<ReturnDeps, 'log'>): Handlers<ReturnEndpoints> => ({
  requestReturn: ({ user, params, body, request }) =>
    requestReturn({ ...deps, log: request.log }, user, params.id, body),
  listReturns: ({ user, query }) => browseReturns(deps.db, user, query),
  getReturn: ({ user, params }) => readReturn(deps.db, user, params.id),
  approveReturn: ({ user, params, body, request }) =>
    approveReturn({ ...deps, log: request.log }, user, params.id, body),
  rejectReturn: ({ user, params, body, request }) =>
    rejectReturn({ ...deps, log: request.log }, user, params.id, body),
  receiveReturn: ({ user, params, body, request }) =>
    receiveReturn({ ...deps, log: request.log }, user, params.id, body),
});
