import { idParams } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import {
  adminStatus,
  emailParams,
  loginInput,
  loginResult,
  userDeleted,
  userList,
  userListQuery,
  userRecord,
  userUpsertInput,
} from '../users.ts';

/** The users part of the endpoint table (src/contract/endpoints.ts composes every part). */
export const usersEndpoints = {
  // Accounts.
  login: endpoint({
    method: 'POST',
    path: '/api/login',
    access: 'owner',
    tag: 'users',
    summary: "An accessToken for the caller's own session (after any sign-in)",
    body: loginInput,
    response: loginResult,
  }),
  upsertUser: endpoint({
    method: 'PUT',
    path: '/api/users/:email',
    access: 'owner',
    tag: 'users',
    summary: "Upsert the caller's own record (name and photo)",
    params: emailParams,
    body: userUpsertInput,
    response: userRecord,
  }),
  adminStatus: endpoint({
    method: 'GET',
    path: '/api/user/admin/:email',
    access: 'ownerOrAdmin',
    tag: 'users',
    summary: 'Whether a user is an admin (that user, or an admin, may ask)',
    params: emailParams,
    response: adminStatus,
  }),
  makeAdmin: endpoint({
    method: 'PUT',
    path: '/api/user/admin/:email',
    access: 'admin',
    tag: 'users',
    summary: 'Make a user an admin',
    params: emailParams,
    response: userRecord,
  }),
  listUsers: endpoint({
    method: 'GET',
    path: '/api/users',
    access: 'admin',
    tag: 'users',
    summary: 'All users, newest first, paged and searchable',
    query: userListQuery,
    response: userList,
  }),
  getUser: endpoint({
    method: 'GET',
    path: '/api/users/:id',
    access: 'admin',
    tag: 'users',
    summary: 'One user',
    params: idParams,
    response: userRecord,
  }),
  deleteUser: endpoint({
    method: 'DELETE',
    path: '/api/users/:id',
    access: 'admin',
    tag: 'users',
    summary: 'Delete a user and end their sessions; never yourself or the last admin',
    params: idParams,
    response: userDeleted,
    refusals: [409],
  }),
} as const;
