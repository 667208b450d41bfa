import * as pg from 'drizzle-orm/pg-core';
import { stampsOf } from './columns.ts';

// Better Auth's tables (email + password, social accounts, sessions, the admin plugin's role
// and ban fields). Keys are the field names Better Auth expects; columns are snake_case.
const stamps = stampsOf;

export const users = pg.pgTable(
  'user',
  {
    id: pg.text('id').primaryKey(),
    name: pg.text('name').notNull(),
    email: pg.text('email').notNull().unique(),
    emailVerified: pg.boolean('email_verified').notNull().default(false),
    image: pg.text('image'),
    role: pg.text('role').notNull().default('user'),
    banned: pg.boolean('banned').notNull().default(false),
    banReason: pg.text('ban_reason'),
    banExpires: pg.timestamp('ban_expires', { withTimezone: true }),
    ...stamps(),
  },
  (t) => [pg.index('user_created_idx').on(t.createdAt, t.id)],
);

export const sessions = pg.pgTable(
  'session',
  {
    id: pg.text('id').primaryKey(),
    token: pg.text('token').notNull().unique(),
    userId: pg
      .text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: pg.timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: pg.text('ip_address'),
    userAgent: pg.text('user_agent'),
    impersonatedBy: pg.text('impersonated_by'),
    ...stamps(),
  },
  (t) => [pg.index('session_user_idx').on(t.userId)],
);

export const accounts = pg.pgTable(
  'account',
  {
    id: pg.text('id').primaryKey(),
    accountId: pg.text('account_id').notNull(),
    providerId: pg.text('provider_id').notNull(),
    userId: pg
      .text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: pg.text('access_token'),
    refreshToken: pg.text('refresh_token'),
    idToken: pg.text('id_token'),
    accessTokenExpiresAt: pg.timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: pg.timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: pg.text('scope'),
    password: pg.text('password'),
    ...stamps(),
  },
  (t) => [pg.index('account_user_idx').on(t.userId)],
);

export const verifications = pg.pgTable(
  'verification',
  {
    id: pg.text('id').primaryKey(),
    identifier: pg.text('identifier').notNull(),
    value: pg.text('value').notNull(),
    expiresAt: pg.timestamp('expires_at', { withTimezone: true }).notNull(),
    ...stamps(),
  },
  (t) => [pg.index('verification_identifier_idx').on(t.identifier)],
);

/** Fixed-window counters shared by every server process (sign-in, sign-up, mails). */
export const rateLimits = pg.pgTable('rate_limit', {
  key: pg.text('key').primaryKey(),
  count: pg.integer('count').notNull(),
  resetAt: pg.timestamp('reset_at', { withTimezone: true }).notNull(),
});
