import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '../../../contract/common.ts';
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
} from '../../../contract/users.ts';
import { idParams } from '../../../contract/common.ts';
import { issueAccessToken } from '../../auth/access-token.ts';
import type { Guards } from '../../auth/guards.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import {
  browseUsers,
  deleteUser,
  getUser,
  isAdmin,
  makeAdmin,
  upsertOwnRecord,
} from './service.ts';

type Deps = { db: Db; guards: Guards; secret: string };

const refused = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

export const userRoutes: FastifyPluginAsyncZod<Deps> = async (app, { db, guards, secret }) => {
  app.post(
    '/login',
    {
      schema: {
        tags: ['users'],
        summary: "An accessToken for the caller's own session (after any sign-in)",
        body: loginInput,
        response: { 200: loginResult, ...refused },
      },
    },
    async (request) => {
      const user = await guards.requireOwner(request, request.body.email);
      if (user.via !== 'cookie') {
        throw new AppError('unauthorized', 'Please log in to continue.');
      }
      const token = issueAccessToken(secret, user.sessionId, user.sessionExpiresAt);
      return { accessToken: token.accessToken, expiresAt: token.expiresAt.toISOString() };
    },
  );

  app.put(
    '/users/:email',
    {
      schema: {
        tags: ['users'],
        summary: "Upsert the caller's own record (name and photo)",
        params: emailParams,
        body: userUpsertInput,
        response: { 200: userRecord, ...refused },
      },
    },
    async (request) => {
      const user = await guards.requireOwner(request, request.params.email);
      if (request.body.email !== request.params.email) {
        throw new AppError('bad_request', 'The email in the body must match the one in the path.');
      }
      return upsertOwnRecord(db, user, request.body);
    },
  );

  app.get(
    '/user/admin/:email',
    {
      schema: {
        tags: ['users'],
        summary: 'Whether a user is an admin (that user, or an admin, may ask)',
        params: emailParams,
        response: { 200: adminStatus, ...refused },
      },
    },
    async (request) => {
      await guards.requireOwner(request, request.params.email, { adminToo: true });
      return { admin: await isAdmin(db, request.params.email) };
    },
  );

  app.put(
    '/user/admin/:email',
    {
      schema: {
        tags: ['users'],
        summary: 'Make a user an admin (admins only)',
        params: emailParams,
        response: { 200: userRecord, ...refused },
      },
    },
    async (request) => {
      const admin = await guards.requireAdmin(request);
      return makeAdmin(db, admin, request.params.email);
    },
  );

  app.get(
    '/users',
    {
      schema: {
        tags: ['users'],
        summary: 'All users, newest first, paged and searchable (admins)',
        querystring: userListQuery,
        response: { 200: userList, ...refused },
      },
    },
    async (request) => {
      await guards.requireAdmin(request);
      return browseUsers(db, request.query);
    },
  );

  app.get(
    '/users/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'One user (admins)',
        params: idParams,
        response: { 200: userRecord, ...refused },
      },
    },
    async (request) => {
      await guards.requireAdmin(request);
      return getUser(db, request.params.id);
    },
  );

  app.delete(
    '/users/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'Delete a user and end their sessions; never yourself or the last admin',
        params: idParams,
        response: { 200: userDeleted, ...refused, 409: errorBody },
      },
    },
    async (request) => {
      const admin = await guards.requireAdmin(request);
      return deleteUser(db, admin, request.params.id);
    },
  );
};
