import { randomUUID } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin, genericOAuth } from 'better-auth/plugins';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../contract/password-rules.ts';
import { socialProviderIds } from '../../contract/social-providers.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { accounts, sessions, users, verifications } from '../db/schema.ts';
import { trustedOrigins } from '../http/trusted-origins.ts';
import type { Mailer } from '../mail/mailer.ts';
import { listedAdminEmails } from './admin-promotion.ts';
import { betterAuthLogger } from './auth-logger.ts';
import { refuseCommonPasswords } from './common-passwords.ts';
import { linkOnPublicUrl, resetPasswordMail, verifyEmailMail } from './mails.ts';
import { checkTypedProfile } from './profile-rules.ts';

/** Better Auth reads the client IP from this header only; we set it from Fastify's request.ip. */
export const CLIENT_IP_HEADER = 'x-ecparts-client-ip';

export const AUTH_BASE_PATH = '/api/auth';

type AuthDeps = {
  config: Config;
  db: Db;
  mailer: Mailer;
  secret: string;
  log: FastifyBaseLogger;
};

export function createAuth({ config, db, mailer, secret, log }: AuthDeps) {
  const servedOverHttps = config.publicUrl.startsWith('https://');
  const promoteListedAdmin = listedAdminEmails(db, config.adminEmails);

  return betterAuth({
    appName: 'ECParts',
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    telemetry: { enabled: false },
    logger: betterAuthLogger(log),
    // Our own limiter (per IP and per email, shared through the database) guards these routes.
    rateLimit: { enabled: false },
    trustedOrigins: trustedOrigins(config),
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      requireEmailVerification: false,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await mailer.send(resetPasswordMail(user, linkOnPublicUrl(url, config.publicUrl)));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, url }) => {
        await mailer.send(verifyEmailMail(user, linkOnPublicUrl(url, config.publicUrl)));
      },
    },
    account: { accountLinking: { enabled: true } },
    socialProviders: socialProviders(config),
    plugins: [
      admin({ defaultRole: 'user', adminRoles: ['admin'] }),
      ...(config.testOAuthIssuer ? [testOAuthProviders(config.testOAuthIssuer)] : []),
    ],
    hooks: { before: refuseCommonPasswords },
    databaseHooks: {
      user: {
        // Everyone starts a customer; ADMIN_EMAILS promotes a listed address once it is verified.
        create: {
          before: async (user, context) => ({
            data: { ...checkTypedProfile(user, context?.path), role: 'user' },
          }),
          after: promoteListedAdmin,
        },
        update: {
          before: async (user, context) => ({ data: checkTypedProfile(user, context?.path) }),
          after: promoteListedAdmin,
        },
      },
    },
    advanced: {
      useSecureCookies: servedOverHttps,
      // Better Auth skips these checks under a test runner; our tests must see what users get.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: () => randomUUID() },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

function socialProviders(config: Config) {
  // With a test issuer every provider id points at it (see testOAuthProviders).
  if (config.testOAuthIssuer) return {};
  const { google, facebook, github } = config.social;
  return {
    ...(google ? { google } : {}),
    ...(facebook ? { facebook } : {}),
    ...(github ? { github } : {}),
  };
}

/**
 * Tests prove the OAuth round trip against a local OpenID Connect server: each provider id
 * (google, facebook, github) is registered as a generic provider that talks to it.
 */
function testOAuthProviders(issuer: string) {
  return genericOAuth({
    config: socialProviderIds.map((providerId) => ({
      providerId,
      discoveryUrl: `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`,
      clientId: `ecparts-${providerId}`,
      clientSecret: 'test-secret',
      scopes: ['openid', 'email', 'profile'],
      pkce: true,
    })),
  });
}

export function enabledSocialProviders(config: Config) {
  const on = (id: (typeof socialProviderIds)[number]) =>
    Boolean(config.testOAuthIssuer) || config.social[id] !== undefined;
  return { google: on('google'), facebook: on('facebook'), github: on('github') };
}
