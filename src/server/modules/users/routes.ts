import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '../../../contract/common.ts';
import {
  adminStatus,
  emailParams,
  loginInput,
  loginResult,
  userRecord,
  userUpsertInput,
} from '../../../contract/users.ts';
import { issueAccessToken } from '../../auth/access-token.ts';
import type { Guards } from '../../auth/guards.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { isAdmin, makeAdmin, upsertOwnRecord } from './service.ts';

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
      await guards.requireAdmin(request);
      return makeAdmin(db, request.params.email);
    },
  );
};
