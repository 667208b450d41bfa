import { z } from 'zod';
import { pageInfo, pagingQuery } from './common.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password-rules.ts';
import { isPhotoLink, PHOTO_LINK_RULE } from './photo-link.ts';

/** Emails are compared lower-cased everywhere; the path carries them URL-encoded. */
export const emailParams = z.object({ email: z.email().max(254).toLowerCase() });

export const loginInput = z.object({ email: z.email().max(254).toLowerCase() });

/** `accessToken` is bound to the caller's session: signing out or expiry ends it. */
export const loginResult = z.object({ accessToken: z.string(), expiresAt: z.iso.datetime() });
export type LoginResult = z.infer<typeof loginResult>;

/**
 * Bidirectional controls (LRE, RLE, PDF, LRO, RLO, LRI, RLI, FSI, PDI, LRM, RLM, ALM): in a name
 * they reorder whatever is printed after it, in lists, mails and the audit trail.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
export const withoutBidiControls = (text: string) => text.replace(BIDI_CONTROLS, '');

const displayName = z
  .string()
  .overwrite(withoutBidiControls)
  .trim()
  .min(1, 'Please enter your name')
  .max(80, 'Name is too long (80 characters at most)');

const photoUrl = z
  .string()
  .trim()
  .max(2000, 'Photo link is too long')
  .refine((value) => value === '' || isPhotoLink(value), { message: PHOTO_LINK_RULE });

/** PUT /users/{email}: the caller's own record; name and photo are optional changes. */
export const userUpsertInput = z.object({
  email: z.email().max(254).toLowerCase(),
  name: displayName.optional(),
  image: photoUrl.optional(),
});
export type UserUpsertInput = z.infer<typeof userUpsertInput>;

/** The profile form: name and photo link ('' clears the photo). */
export const profileInput = z.object({ name: displayName, image: photoUrl });
/** The profile form as it is sent (whose profile: the server checks it is the caller's). */
export const profileForm = profileInput.extend({ email: z.email().max(254) });
export type ProfileInput = z.infer<typeof profileInput>;

/** A user as the shop's API shows it; `role` is present only for admins, as in the spec. */
export const userRecord = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  emailVerified: z.boolean(),
  role: z.literal('admin').optional(),
  createdAt: z.iso.datetime(),
});
export type UserRecord = z.infer<typeof userRecord>;

export const adminStatus = z.object({ admin: z.boolean() });
export type AdminStatus = z.infer<typeof adminStatus>;

/** Sign-up and sign-in forms (sent to Better Auth at /api/auth/*). */
export const signInInput = z.object({
  email: z.email('Please enter a valid email').max(254),
  password: z.string().min(1, 'Please enter your password').max(PASSWORD_MAX_LENGTH),
});
export type SignInInput = z.infer<typeof signInInput>;

const newPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const signUpInput = z.object({
  name: displayName,
  email: z.email('Please enter a valid email').max(254),
  password: newPassword,
});
export type SignUpInput = z.infer<typeof signUpInput>;

export const forgotPasswordInput = z.object({
  email: z.email('Please enter a valid email').max(254),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordInput>;

export const resetPasswordInput = z.object({ password: newPassword });
export type ResetPasswordInput = z.infer<typeof resetPasswordInput>;

export const userListQuery = pagingQuery.extend({
  q: z.string().trim().max(100).optional().describe('part of the name or email'),
});
export type UserListQuery = z.infer<typeof userListQuery>;

export const userList = pageInfo.extend({ data: z.array(userRecord) });
export type UserList = z.infer<typeof userList>;

export const userDeleted = z.object({
  deleted: z.literal(true),
  _id: z.string(),
  email: z.string(),
});
